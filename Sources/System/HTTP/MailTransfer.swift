import CCurl
import Foundation

/// One mail through libcurl's SMTP: `smtps://` is TLS from the start; `smtp://` must upgrade
/// with STARTTLS, except to this machine (a local relay, a test's server), which may speak plain.
/// Runs on a thread of its own, as the HTTP client's transfers do.
public enum MailTransfer {
    public struct Mail: Sendable {
        public var server: String
        public var from: String
        public var to: String
        public var user: String?
        public var password: String?
        /// The whole message: headers, a blank line, the body; CRLF line ends.
        public var message: Data

        public init(server: String, from: String, to: String, user: String?, password: String?, message: Data) {
            self.server = server
            self.from = from
            self.to = to
            self.user = user
            self.password = password
            self.message = message
        }
    }

    /// `nil` when the server took it, else why not (never with the password).
    public static func send(_ mail: Mail, timeout: Duration = .seconds(30)) async -> String? {
        if let failure = ccurl_load_library() { return "cannot load libcurl (\(String(cString: failure))): install libcurl4" }
        let upload = Upload(data: mail.message)
        return await withCheckedContinuation { continuation in
            KeptThreads.shared.run(name: "notifier-smtp") { continuation.resume(returning: perform(mail, upload: upload, timeout: timeout)) }
        }
    }

    private static func perform(_ mail: Mail, upload: Upload, timeout: Duration) -> String? {
        guard let curl = ccurl_easy_init() else { return "libcurl could not start a transfer" }
        defer { ccurl_easy_cleanup(curl) }
        let recipients: UnsafeMutablePointer<curl_slist>? = ccurl_slist_append(nil, "<\(mail.to)>")
        defer { ccurl_slist_free_all(recipients) }
        let host = URLComponents(string: mail.server)?.host ?? ""
        let local = ["127.0.0.1", "::1", "localhost", "[::1]"].contains(host)
        ccurl_setopt_string(curl, CURLOPT_URL, mail.server)
        ccurl_setopt_string(curl, CURLOPT_PROTOCOLS_STR, "smtp,smtps")
        ccurl_setopt_long(curl, CURLOPT_NOSIGNAL, 1)
        ccurl_setopt_long(curl, CURLOPT_USE_SSL, local ? Int(CURLUSESSL_TRY.rawValue) : Int(CURLUSESSL_ALL.rawValue))
        ccurl_setopt_long(curl, CURLOPT_SSL_VERIFYPEER, 1)
        ccurl_setopt_long(curl, CURLOPT_SSL_VERIFYHOST, 2)
        ccurl_setopt_long(curl, CURLOPT_CONNECTTIMEOUT_MS, 10_000)
        ccurl_setopt_long(curl, CURLOPT_TIMEOUT_MS, Int(timeout.components.seconds) * 1000)
        ccurl_setopt_string(curl, CURLOPT_MAIL_FROM, "<\(mail.from)>")
        ccurl_setopt_list(curl, CURLOPT_MAIL_RCPT, recipients)
        if let user = mail.user, !user.isEmpty {
            ccurl_setopt_string(curl, CURLOPT_USERNAME, user)
            ccurl_setopt_string(curl, CURLOPT_PASSWORD, mail.password ?? "")
        }
        ccurl_setopt_long(curl, CURLOPT_UPLOAD, 1)
        ccurl_setopt_offset(curl, CURLOPT_INFILESIZE_LARGE, curl_off_t(mail.message.count))
        ccurl_setopt_read_function(curl, mailRead)
        let box = Unmanaged.passRetained(upload)
        defer { box.release() }
        ccurl_setopt_pointer(curl, CURLOPT_READDATA, box.toOpaque())
        let code = ccurl_easy_perform(curl)
        guard code == CURLE_OK else {
            var status = 0
            ccurl_getinfo_long(curl, CURLINFO_RESPONSE_CODE, &status)
            let detail = String(cString: ccurl_easy_strerror(code))
            return status > 0 ? "the mail server answered \(status): \(detail)" : detail
        }
        return nil
    }
}

/// The message, read out in pieces as curl asks.
private final class Upload: @unchecked Sendable {
    let data: Data
    var offset = 0

    init(data: Data) { self.data = data }
}

private func mailRead(_ buffer: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int, _ userdata: UnsafeMutableRawPointer?) -> Int {
    guard let buffer, let userdata else { return 0 }
    let upload = Unmanaged<Upload>.fromOpaque(userdata).takeUnretainedValue()
    let length = min(size * count, upload.data.count - upload.offset)
    guard length > 0 else { return 0 }
    upload.data.withUnsafeBytes { bytes in
        UnsafeMutableRawPointer(buffer).copyMemory(from: bytes.baseAddress!.advanced(by: upload.offset), byteCount: length)
    }
    upload.offset += length
    return length
}
