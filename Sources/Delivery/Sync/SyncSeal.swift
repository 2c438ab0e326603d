import CCrypto
import Foundation
import NotifierCore
import NotifierEngine

/// The `[sync]` key at work: a topic's name sits in configs and dotfiles, so anyone may publish
/// on it; with a key, a machine's claims and acknowledgements are signed (HMAC-SHA256 of the
/// fields acted on), and the phone's Acknowledge button carries a value derived from the key for
/// that one episode, which only a receiver of its phone message knows. What is neither is
/// refused.
package struct SyncSeal: Sendable, Equatable {
    private let key: [UInt8]

    /// A key shorter than this is guessed more easily than a topic's name.
    package static let shortestKey = 16
    /// The phone's proof: the first half of the HMAC, 128 bits, for a shorter button.
    static let proofBytes = 16

    package init?(key: [UInt8]) {
        guard key.count >= Self.shortestKey, ccrypto_load_library() == nil else { return nil }
        self.key = key
    }

    /// `nil` without a key; a problem that names the key's reference (never its value) when it
    /// cannot be read or is too short, or when libcrypto cannot be loaded.
    package static func make(_ settings: SyncSettings, environment: [String: String]) -> Result<SyncSeal?, SecretReference.ReferenceProblem> {
        guard !settings.key.isEmpty else { return .success(nil) }
        return SecretReference.resolve(settings.key, environment: environment, home: environment["HOME"]).flatMap { text in
            if let failure = ccrypto_load_library() {
                return .failure(
                    SecretReference.ReferenceProblem(message: "cannot be used: libcrypto did not load (\(String(cString: failure))); install libssl3"))
            }
            guard let seal = SyncSeal(key: Array(text.utf8)) else {
                return .failure(
                    SecretReference.ReferenceProblem(
                        message: "is \(text.utf8.count) bytes long; a key needs at least \(shortestKey), such as `openssl rand -hex 32`"))
            }
            return .success(seal)
        }
    }

    /// `message` with its signature.
    package func sealed(_ message: SyncMessage) -> SyncMessage {
        var sealed = message
        sealed.signature = Self.hex(mac(message.signedText))
        sealed.proof = nil
        return sealed
    }

    /// What the phone's Acknowledge button for episode `id` carries.
    package func proof(acknowledging id: String) -> String {
        Self.hex(Array(mac(SyncMessage.proofText(acknowledging: id)).prefix(Self.proofBytes)))
    }

    /// Why `message` is refused, in words that quote nothing of it; `nil`: it is authentic.
    package func refusal(of message: SyncMessage) -> String? {
        let what = message.kind == .claim ? "a claim" : "an acknowledgement"
        if let signature = message.signature {
            return Self.same(signature, Self.hex(mac(message.signedText))) ? nil : "\(what) signed with another key"
        }
        if message.kind == .ack, message.from == nil, message.by == SyncMessage.phone, let proof = message.proof {
            return Self.same(proof, self.proof(acknowledging: message.id)) ? nil : "an acknowledgement from the phone with a proof of another key or episode"
        }
        return "\(what) that is not signed with the [sync] key"
    }

    private func mac(_ text: String) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: 32)
        let data = Array(text.utf8)
        let status = key.withUnsafeBytes { key in
            ccrypto_hmac_sha256(key.baseAddress, Int32(key.count), data, data.count, &out)
        }
        // The library loaded when the seal was made: a failure here leaves a value nothing matches.
        return status == 0 ? out : []
    }

    private static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String(format: "%02x", $0) }.joined()
    }

    /// Compared in time that does not tell how much of a forged value was right.
    private static func same(_ a: String, _ b: String) -> Bool {
        let (left, right) = (Array(a.utf8), Array(b.utf8))
        guard left.count == right.count, !left.isEmpty else { return false }
        return ccrypto_equal(left, right, left.count) != 0
    }
}
