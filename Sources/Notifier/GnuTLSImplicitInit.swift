/// GnuTLS initialises itself as it loads unless the program defines this function and it
/// returns nonzero (GnuTLS's `lib_init`). libcurl brings GnuTLS only through librtmp, for
/// `rtmpe://` and `rtmps://` URLs, which notifier never fetches: its HTTPS is OpenSSL's. Not
/// initialised, it keeps its ASN.1 trees off the heap: about 0.1 MiB of anonymous memory for
/// the daemon's life (docs/performance.md). A program that does use GnuTLS calls
/// `gnutls_global_init`, which this does not stop.
@_cdecl("_gnutls_global_init_skip")
public func gnutlsGlobalInitSkip() -> Int32 { 1 }
