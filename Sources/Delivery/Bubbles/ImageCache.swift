import Foundation
import Logging
import NotifierCore
import NotifierEngine
import NotifierSystem

/// Pictures alerts name by URL (a country's flag), fetched once into
/// `$XDG_CACHE_HOME/notifier/flags/` and never again. Offline, a picture not cached yet is
/// simply left out, after a short timeout: a bubble never waits long for its image.
package struct ImageCache: Sendable {
    package let directory: String
    package let http: HTTPClient

    package static let limits = HTTPLimits(connectTimeout: .seconds(2), totalTimeout: .seconds(3), maxBodyBytes: 512 << 10, maxRedirects: 3)
    private static let pngSignature = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])

    package init(paths: XDGPaths, http: HTTPClient = HTTPClient(limits: ImageCache.limits)) {
        directory = paths.cacheHome + "/notifier/flags"
        self.http = http
    }

    /// The file a URL is kept in: named by a hash of the URL, so any URL maps to a safe name.
    package func path(for url: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325 // FNV-1a
        for byte in url.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        return directory + "/" + String(hash, radix: 16) + ".png"
    }

    /// The local file for `url`, fetched now if it is not cached; `nil` when it cannot be had.
    package func image(for url: String, logger: Logger) async -> String? {
        let path = path(for: url)
        if FileManager.default.fileExists(atPath: path) { return path }
        let data: Data
        do {
            var request = HTTPRequest.get(url)
            request.expectsJSON = false
            data = try await http.send(request, feed: "images").body
        } catch {
            logger.debug("no image: \(error)")
            return nil
        }
        // Only a PNG goes to the notification server's image loader.
        guard data.starts(with: Self.pngSignature) else {
            logger.debug("no image: \(url) is not a PNG")
            return nil
        }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try data.write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            logger.warning("cannot cache the image in \(directory): \(error.localizedDescription)")
            return nil
        }
        return path
    }
}
