import Foundation
import NotifierCore

/// The `FeedError` a call throws, or nil when it succeeds; any other error is written to
/// standard error and is nil too, which the caller's expectation then fails on.
public func feedError<T>(_ body: () async throws -> T) async -> FeedError? {
    do {
        _ = try await body()
        return nil
    } catch let error as FeedError {
        return error
    } catch {
        FileHandle.standardError.write(Data("not a FeedError: \(error)\n".utf8))
        return nil
    }
}
