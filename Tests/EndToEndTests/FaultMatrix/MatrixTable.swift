import Foundation

struct MatrixTable {
    let feeds: [String]
    let results: [CellResult]

    var text: String {
        let faultWidth = 28
        let cellWidth = 33
        func pad(_ text: String, _ width: Int) -> String {
            text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
        }
        var lines = ["fault matrix: \(results.filter(\.passed).count) of \(results.count) cells pass", ""]
        lines.append(pad("fault", faultWidth) + feeds.map { " | " + pad($0, cellWidth) }.joined())
        lines.append(pad("", faultWidth) + feeds.map { _ in " | " + pad("survived, false alerts, recovered", cellWidth) }.joined())
        lines.append(String(repeating: "-", count: faultWidth) + feeds.map { _ in "-+-" + String(repeating: "-", count: cellWidth) }.joined())
        for fault in MatrixFault.allCases {
            var line = pad(fault.label, faultWidth)
            for feed in feeds {
                guard let result = results.first(where: { $0.fault == fault && $0.feed == feed }) else {
                    line += " | " + pad("not run", cellWidth)
                    continue
                }
                let mark = { (value: Bool) in value ? "yes" : "NO" }
                var cell = "\(mark(result.survived)) \(result.falseAlerts) \(mark(result.recovered))"
                if result.loggedOnce == nil {
                    cell += " valid data"
                } else {
                    cell += " log:" + (result.loggedOnce == true ? "ok" : "NO") + " backoff:" + (result.backedOff == true ? "ok" : "NO")
                }
                if !result.othersUnaffected { cell += " OTHERS" }
                line += " | " + pad(cell, cellWidth)
            }
            lines.append(line)
        }
        lines += [
            "",
            "each cell: survived (the daemon keeps running), false alerts, recovered (polls work again at",
            "the feed's cadence once the server heals); log:ok = one line per failed poll naming the feed,",
            "URL and cause; backoff:ok = each wait as Backoff (30 s doubling, jittered, Retry-After a floor);",
            "OTHERS would mark a cell where another feed missed a poll or logged an error.",
            "valid data = the answer is valid for that feed (the holiday API's empty day), nothing fails.",
            "(*) the loopback server speaks http only: the redirect goes to a protocol the client refuses",
            "    (ftp), the same CURLOPT_REDIR_PROTOCOLS refusal an https-to-http redirect meets.",
        ]
        return lines.joined(separator: "\n") + "\n"
    }
}
