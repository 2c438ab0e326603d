#ifndef NOTIFIER_CCURL_SHIM_H
#define NOTIFIER_CCURL_SHIM_H
// libcurl, loaded on first use with dlopen rather than linked: it pulls in some thirty
// libraries, and the detail views, which never fetch, should not pay their load time.
// Swift cannot call C variadic functions either, so the typed wrappers below are the only
// way NotifierCore reaches curl_easy_setopt / curl_easy_getinfo.
// Include only from one Swift file (HTTPClient.swift): each object file gets its own table.
#include <curl/curl.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>

typedef size_t (*ccurl_write_callback)(char *data, size_t size, size_t count, void *userdata);
typedef size_t (*ccurl_read_callback)(char *buffer, size_t size, size_t count, void *userdata);
typedef int (*ccurl_xferinfo_callback)(void *userdata, curl_off_t dltotal, curl_off_t dlnow,
                                       curl_off_t ultotal, curl_off_t ulnow);

typedef struct {
    const char *failure;
    CURLcode (*global_init)(long);
    CURL *(*easy_init)(void);
    void (*easy_cleanup)(CURL *);
    void (*easy_reset)(CURL *);
    CURLcode (*easy_perform)(CURL *);
    CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
    CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
    const char *(*easy_strerror)(CURLcode);
    struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
    void (*slist_free_all)(struct curl_slist *);
} ccurl_api_t;

// Function-local statics: Swift emits a header's inline functions but not its static variables.
static inline ccurl_api_t *ccurl_state(void) {
    static ccurl_api_t state;
    return &state;
}

#define CCURL_SYMBOL(handle, field, name) \
    if (!(*(void **)(&ccurl_state()->field) = dlsym(handle, name))) { ccurl_state()->failure = "libcurl.so.4 lacks " name; return; }

static void ccurl_load(void) {
    void *handle = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (!handle) { ccurl_state()->failure = dlerror(); return; }
    CCURL_SYMBOL(handle, global_init, "curl_global_init")
    CCURL_SYMBOL(handle, easy_init, "curl_easy_init")
    CCURL_SYMBOL(handle, easy_cleanup, "curl_easy_cleanup")
    CCURL_SYMBOL(handle, easy_reset, "curl_easy_reset")
    CCURL_SYMBOL(handle, easy_perform, "curl_easy_perform")
    CCURL_SYMBOL(handle, easy_setopt, "curl_easy_setopt")
    CCURL_SYMBOL(handle, easy_getinfo, "curl_easy_getinfo")
    CCURL_SYMBOL(handle, easy_strerror, "curl_easy_strerror")
    CCURL_SYMBOL(handle, slist_append, "curl_slist_append")
    CCURL_SYMBOL(handle, slist_free_all, "curl_slist_free_all")
    // curl_global_init is not thread-safe; pthread_once makes this its only call.
    if (ccurl_state()->global_init(CURL_GLOBAL_ALL) != CURLE_OK) ccurl_state()->failure = "curl_global_init failed";
}

/// Loads libcurl once; NULL on success, else why it failed.
static inline const char *ccurl_load_library(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, ccurl_load);
    return ccurl_state()->failure;
}

static inline CURL *ccurl_easy_init(void) { return ccurl_state()->easy_init(); }
static inline void ccurl_easy_cleanup(CURL *handle) { ccurl_state()->easy_cleanup(handle); }
static inline void ccurl_easy_reset(CURL *handle) { ccurl_state()->easy_reset(handle); }
static inline CURLcode ccurl_easy_perform(CURL *handle) { return ccurl_state()->easy_perform(handle); }
static inline const char *ccurl_easy_strerror(CURLcode code) { return ccurl_state()->easy_strerror(code); }
static inline struct curl_slist *ccurl_slist_append(struct curl_slist *list, const char *text) {
    return ccurl_state()->slist_append(list, text);
}
static inline void ccurl_slist_free_all(struct curl_slist *list) { ccurl_state()->slist_free_all(list); }

static inline CURLcode ccurl_setopt_long(CURL *handle, CURLoption option, long value) {
    return ccurl_state()->easy_setopt(handle, option, value);
}
static inline CURLcode ccurl_setopt_offset(CURL *handle, CURLoption option, curl_off_t value) {
    return ccurl_state()->easy_setopt(handle, option, value);
}
static inline CURLcode ccurl_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return ccurl_state()->easy_setopt(handle, option, value);
}
static inline CURLcode ccurl_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return ccurl_state()->easy_setopt(handle, option, value);
}
static inline CURLcode ccurl_setopt_headers(CURL *handle, struct curl_slist *headers) {
    return ccurl_state()->easy_setopt(handle, CURLOPT_HTTPHEADER, headers);
}
static inline CURLcode ccurl_setopt_write_function(CURL *handle, ccurl_write_callback callback) {
    return ccurl_state()->easy_setopt(handle, CURLOPT_WRITEFUNCTION, callback);
}
static inline CURLcode ccurl_setopt_header_function(CURL *handle, ccurl_write_callback callback) {
    return ccurl_state()->easy_setopt(handle, CURLOPT_HEADERFUNCTION, callback);
}
static inline CURLcode ccurl_setopt_xferinfo_function(CURL *handle, ccurl_xferinfo_callback callback) {
    return ccurl_state()->easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, callback);
}
static inline CURLcode ccurl_setopt_read_function(CURL *handle, ccurl_read_callback callback) {
    return ccurl_state()->easy_setopt(handle, CURLOPT_READFUNCTION, callback);
}
static inline CURLcode ccurl_setopt_list(CURL *handle, CURLoption option, struct curl_slist *list) {
    return ccurl_state()->easy_setopt(handle, option, list);
}
static inline CURLcode ccurl_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return ccurl_state()->easy_getinfo(handle, info, value);
}

#endif
