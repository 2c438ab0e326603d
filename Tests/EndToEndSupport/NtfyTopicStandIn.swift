import Foundation
import TestSupport

/// A loopback stand-in for the subscribing side of an ntfy server, written from ntfy's published
/// API: `docs/subscribe/api.md` of github.com/binwiederhier/ntfy (commit 81a486adc11f, 2025-07-13)
/// — `GET /<topic>/json` answers `application/x-ndjson`, chunked, one JSON object a line: an
/// `open` event, the cached messages `since=` asks for (a message id: those after it; a Unix
/// time: those from then; `latest`: the newest; `all`), then each new message as it is published and a `keepalive`
/// now and then; `poll=1` ends the answer after the cached ones. Fields: id, time, event, topic,
/// message, title, priority, tags, click, actions. Publishing, from `docs/publish.md` of the same
/// snapshot: a `POST` or `PUT` to `/<topic>` makes its body the message text, sent to the open
/// streams and kept, answered with the message as JSON (its `id` among the fields); how the
/// phone's `http` action button posts its `body`. Plain sockets on threads (FlyingFox answers
/// whole bodies), so a test can cut a stream in the middle of a line (`cutNextMessage`), take
/// the server down and bring it back on the same port (`goDown`, `comeUp`), or publish a line
/// of any size (`publishRaw`).
public final class NtfyTopicStandIn: @unchecked Sendable {
    public let topic: String
    public private(set) var port: UInt16 = 0
    private let lock = NSLock()
    private var listener: Int32 = -1
    private var cache: [(id: String, time: Int, line: Data)] = []
    private var streams: [Int32] = []
    private var cutNext = false
    private var requestLog: [(target: String, authorization: String?)] = []
    private var published: [String] = []
    private var counter = 0

    public var topicURL: String { "http://127.0.0.1:\(port)/\(topic)" }

    public init(topic: String = "backups") throws {
        self.topic = topic
        try listen()
    }

    deinit { stop() }

    /// Every request's target (`/backups/json?poll=1&since=…`) and `Authorization`, in order.
    public var requests: [(target: String, authorization: String?)] { lock.withLock { requestLog } }

    /// Publishes a message; its id.
    @discardableResult
    public func publish(
        _ message: String, title: String? = nil, priority: Int? = nil, click: String? = nil, actions: [[String: String]]? = nil,
        sequenceID: String? = nil
    ) -> String {
        let id = lock.withLock {
            counter += 1
            return String(format: "msg%09d", counter)
        }
        var object: [String: Any] = ["id": id, "time": Int(Date().timeIntervalSince1970), "event": "message", "topic": topic, "message": message]
        if let title { object["title"] = title }
        if let priority { object["priority"] = priority }
        if let click { object["click"] = click }
        if let actions { object["actions"] = actions }
        if let sequenceID { object["sequence_id"] = sequenceID }
        publishRaw(try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), id: id)
        return id
    }

    /// Sends `line` as it is to the streams open now and keeps it for later ones.
    public func publishRaw(_ line: Data, id: String? = nil) {
        let entry = (id: id ?? "raw\(UUID().uuidString.prefix(8))", time: Int(Date().timeIntervalSince1970), line: line)
        let (open, cut) = lock.withLock {
            cache.append(entry)
            defer { cutNext = false }
            return (streams, cutNext)
        }
        for socket in open {
            if cut {
                // Half the line, then the connection dies: no newline, no last chunk.
                _ = Self.chunk(socket, entry.line.prefix(entry.line.count / 2))
                drop(socket)
            } else if !Self.chunk(socket, entry.line + Data("\n".utf8)) {
                drop(socket)
            }
        }
    }

    /// The next message published reaches the open streams cut in the middle of its line.
    public func cutNextMessage() { lock.withLock { cutNext = true } }

    /// Sends a keepalive on every open stream.
    public func keepalive() {
        let line = Data(
            #"{"id":"ka\#(UUID().uuidString.prefix(6))","time":\#(Int(Date().timeIntervalSince1970)),"event":"keepalive","topic":"\#(topic)"}"#.utf8)
        for socket in lock.withLock({ streams }) where !Self.chunk(socket, line + Data("\n".utf8)) { drop(socket) }
    }

    /// Refuses connections (the port closed) and ends every open stream.
    public func goDown() {
        let (listening, open) = lock.withLock {
            defer {
                listener = -1
                streams = []
            }
            return (listener, streams)
        }
        if listening >= 0 {
            shutdown(listening, Int32(SHUT_RDWR))
            close(listening)
        }
        for socket in open {
            shutdown(socket, Int32(SHUT_RDWR))
            close(socket)
        }
    }

    /// Listens again on the same port.
    public func comeUp() throws { try listen() }

    public func stop() { goDown() }

    public var openStreams: Int { lock.withLock { streams.count } }

    private func drop(_ socket: Int32) {
        let owned = lock.withLock {
            guard let index = streams.firstIndex(of: socket) else { return false }
            streams.remove(at: index)
            return true
        }
        if owned {
            shutdown(socket, Int32(SHUT_RDWR))
            close(socket)
        }
    }

    private func listen() throws {
        let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var yes: Int32 = 1
        setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = port.bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0 }
        }
        guard bound, Foundation.listen(socket, 16) == 0 else {
            close(socket)
            throw MockNotificationServer.ServerError("the ntfy stand-in cannot listen on 127.0.0.1:\(port)")
        }
        port = UInt16(bigEndian: address.sin_port)
        lock.withLock { listener = socket }
        let thread = Thread { [weak self] in
            while true {
                let client = accept(socket, nil, nil)
                guard client >= 0 else { return }
                guard let self else {
                    close(client)
                    return
                }
                let handler = Thread { self.serve(client) }
                handler.start()
            }
        }
        thread.name = "ntfy-stand-in"
        thread.start()
    }

    private func serve(_ socket: Int32) {
        var head = Data()
        var byte = [UInt8](repeating: 0, count: 1024)
        while !head.contains(Data("\r\n\r\n".utf8)) && head.count < 16 << 10 {
            let count = recv(socket, &byte, byte.count, 0)
            guard count > 0 else {
                close(socket)
                return
            }
            head.append(contentsOf: byte[0..<count])
        }
        let headEnd = head.range(of: Data("\r\n\r\n".utf8))?.upperBound ?? head.endIndex
        let lines = String(decoding: head[..<headEnd], as: UTF8.self).components(separatedBy: "\r\n")
        let method = lines.first?.split(separator: " ").first.map(String.init) ?? "GET"
        let target = lines.first?.split(separator: " ").dropFirst().first.map(String.init) ?? "/"
        let authorization = lines.first { $0.lowercased().hasPrefix("authorization:") }.map { String($0.dropFirst(14)).trimmingCharacters(in: .whitespaces) }
        lock.withLock { requestLog.append((target, authorization)) }
        let components = URLComponents(string: target)
        if method == "POST" || method == "PUT", components?.path == "/\(topic)" {
            return publishing(socket, lines: lines, body: head[headEnd...])
        }
        let query = Dictionary((components?.queryItems ?? []).map { ($0.name, $0.value ?? "") }) { $1 }
        guard components?.path == "/\(topic)/json" else {
            _ = Self.send(socket, Data("HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8))
            close(socket)
            return
        }
        _ = Self.send(socket, Data("HTTP/1.1 200 OK\r\nContent-Type: application/x-ndjson; charset=utf-8\r\nTransfer-Encoding: chunked\r\n\r\n".utf8))
        let poll = ["1", "yes", "true"].contains(query["poll"] ?? "")
        // The cache read, written and the stream registered in one hold of the lock: a message
        // published meanwhile is either in what was written or sent to the stream after.
        lock.lock()
        defer { lock.unlock() }
        let since = query["since"] ?? "all"
        let cached: [Data]
        if since == "latest" {
            cached = cache.last.map { [$0.line] } ?? []
        } else if since == "all" || since.isEmpty {
            cached = cache.map(\.line)
        } else if let seconds = Int(since) {
            cached = cache.filter { $0.time >= seconds }.map(\.line)
        } else if let index = cache.firstIndex(where: { $0.id == since }) {
            cached = cache[(index + 1)...].map(\.line)
        } else {
            cached = cache.map(\.line)
        }
        if !poll {
            let open = #"{"id":"open\#(UUID().uuidString.prefix(6))","time":\#(Int(Date().timeIntervalSince1970)),"event":"open","topic":"\#(topic)"}"#
            _ = Self.chunk(socket, Data((open + "\n").utf8))
        }
        for line in cached where !Self.chunk(socket, line + Data("\n".utf8)) {
            close(socket)
            return
        }
        if poll {
            _ = Self.send(socket, Data("0\r\n\r\n".utf8))
            shutdown(socket, Int32(SHUT_WR))
            close(socket)
            return
        }
        streams.append(socket)
    }

    /// Every message published by a request, in order: its text.
    public var publishedBodies: [String] { lock.withLock { published } }

    /// A publish: the body read to its `Content-Length` (after a `100 Continue` where asked),
    /// made a message, answered as ntfy answers.
    private func publishing(_ socket: Int32, lines: [String], body start: Data) {
        defer { close(socket) }
        func header(_ name: String) -> String? {
            lines.first { $0.lowercased().hasPrefix(name + ":") }.map { String($0.dropFirst(name.count + 1)).trimmingCharacters(in: .whitespaces) }
        }
        let length = min(Int(header("content-length") ?? "0") ?? 0, 64 << 10)
        if header("expect")?.lowercased() == "100-continue" { _ = Self.send(socket, Data("HTTP/1.1 100 Continue\r\n\r\n".utf8)) }
        var body = Data(start)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while body.count < length {
            let count = recv(socket, &buffer, buffer.count, 0)
            guard count > 0 else { return }
            body.append(contentsOf: buffer[0..<count])
        }
        let text = String(decoding: body.prefix(length), as: UTF8.self)
        lock.withLock { published.append(text) }
        let id = publish(text)
        let answer: [String: Any] = ["id": id, "time": Int(Date().timeIntervalSince1970), "event": "message", "topic": topic, "message": text]
        let json = (try? JSONSerialization.data(withJSONObject: answer, options: [.sortedKeys])) ?? Data()
        _ = Self.send(
            socket, Data("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(json.count)\r\nConnection: close\r\n\r\n".utf8) + json)
    }

    private static func chunk(_ socket: Int32, _ data: Data) -> Bool {
        send(socket, Data(String(data.count, radix: 16).utf8) + Data("\r\n".utf8) + data + Data("\r\n".utf8))
    }

    private static func send(_ socket: Int32, _ data: Data) -> Bool {
        data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let sent = Foundation.send(socket, bytes.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
                guard sent > 0 else { return false }
                offset += sent
            }
            return true
        }
    }
}
