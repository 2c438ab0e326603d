import Foundation
import NotifierCore
import NotifierEngine

/// The crypto feed's part of the config, kept by type in `Config`.
extension Config {
    package var crypto: CryptoSettings {
        get { self[CryptoSettings.self] }
        set { self[CryptoSettings.self] = newValue }
    }

    package var cryptoChange: CryptoChangeSettings {
        get { self[CryptoChangeSettings.self] }
        set { self[CryptoChangeSettings.self] = newValue }
    }

    package var cryptoMove: CryptoMoveSettings {
        get { self[CryptoMoveSettings.self] }
        set { self[CryptoMoveSettings.self] = newValue }
    }

    package var cryptoCross: CryptoCrossSettings {
        get { self[CryptoCrossSettings.self] }
        set { self[CryptoCrossSettings.self] = newValue }
    }

    /// Every coin a rule needs: the configured symbols and those of the price levels.
    package var watchedSymbols: [String] {
        var symbols = crypto.symbols
        for level in cryptoCross.rule.levels where !symbols.contains(level.symbol) { symbols.append(level.symbol) }
        return symbols
    }
}
