/// Secrets kept out of what is shown: a key in a URL's query, a key shown as a hint.
public enum Redaction {
    static let secretParameters: Set<String> = ["apikey", "api_key", "appid", "key", "token", "access_key"]

    /// Replaces the values of query parameters that carry keys with `***`.
    public static func maskSecrets(in url: String) -> String {
        guard let query = url.firstIndex(of: "?") else { return url }
        let head = url[..<query]
        let pairs = url[url.index(after: query)...].split(separator: "&", omittingEmptySubsequences: false)
        let masked = pairs.map { pair -> String in
            guard let eq = pair.firstIndex(of: "=") else { return String(pair) }
            let name = pair[..<eq].lowercased()
            return secretParameters.contains(name) ? "\(pair[..<eq])=***" : String(pair)
        }
        return head + "?" + masked.joined(separator: "&")
    }

    /// `abcd…wxyz` for keys long enough to show a hint, `***` otherwise.
    public static func mask(key: String) -> String {
        key.count >= 12 ? "\(key.prefix(4))…\(key.suffix(4))" : "***"
    }
}
