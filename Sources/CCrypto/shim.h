#ifndef NOTIFIER_CCRYPTO_SHIM_H
#define NOTIFIER_CCRYPTO_SHIM_H
// OpenSSL's libcrypto (Debian's libssl3, which libcurl4 already brings) for HMAC-SHA256, which
// signs the `[sync]` topic's messages. Loaded on first use with dlopen rather than linked, as
// libcurl is: a config without a sync key never maps it.
// Include only from one Swift file (SyncSeal.swift): each object file gets its own table.
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>

// The functions of libcrypto.so.3 this shim calls, each typed from OpenSSL's own declaration.
#define CCRYPTO_FUNCTIONS(X) X(HMAC) X(EVP_sha256) X(CRYPTO_memcmp)

typedef struct {
    const char *failure;
#define CCRYPTO_FIELD(name) __typeof__(&name) name;
    CCRYPTO_FUNCTIONS(CCRYPTO_FIELD)
#undef CCRYPTO_FIELD
} ccrypto_api_t;

// Function-local statics: Swift emits a header's inline functions but not its static variables.
static inline ccrypto_api_t *ccrypto_api(void) {
    static ccrypto_api_t api;
    return &api;
}

static void ccrypto_load(void) {
    void *handle = dlopen("libcrypto.so.3", RTLD_NOW | RTLD_LOCAL);
    if (!handle) { ccrypto_api()->failure = dlerror(); return; }
#define CCRYPTO_SYMBOL(name) \
    if (!(*(void **)(&ccrypto_api()->name) = dlsym(handle, #name))) { ccrypto_api()->failure = "libcrypto.so.3 lacks " #name; return; }
    CCRYPTO_FUNCTIONS(CCRYPTO_SYMBOL)
#undef CCRYPTO_SYMBOL
}

/// Loads libcrypto once; NULL on success, else why it failed.
static inline const char *ccrypto_load_library(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, ccrypto_load);
    return ccrypto_api()->failure;
}

/// HMAC-SHA256 of `data` under `key` into `out` (32 bytes); 0 on success.
static inline int ccrypto_hmac_sha256(const void *key, int key_length, const unsigned char *data, size_t length, unsigned char out[32]) {
    if (ccrypto_load_library()) return -1;
    unsigned int written = 0;
    if (!ccrypto_api()->HMAC(ccrypto_api()->EVP_sha256(), key, key_length, data, length, out, &written) || written != 32) return -1;
    return 0;
}

/// Whether two byte runs of `length` are equal, in time that does not depend on where they differ.
static inline int ccrypto_equal(const void *a, const void *b, size_t length) {
    if (ccrypto_load_library()) return 0;
    return ccrypto_api()->CRYPTO_memcmp(a, b, length) == 0;
}

#endif
