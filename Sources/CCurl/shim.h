#ifndef NOTIFIER_CCURL_SHIM_H
#define NOTIFIER_CCURL_SHIM_H
// Swift cannot call C variadic functions: these typed wrappers are the only way the
// Feeds module reaches curl_easy_setopt / curl_easy_getinfo.
#include <curl/curl.h>

typedef size_t (*ccurl_write_callback)(char *data, size_t size, size_t count, void *userdata);
typedef int (*ccurl_xferinfo_callback)(void *userdata, curl_off_t dltotal, curl_off_t dlnow,
                                       curl_off_t ultotal, curl_off_t ulnow);

static inline CURLcode ccurl_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode ccurl_setopt_offset(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode ccurl_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode ccurl_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode ccurl_setopt_headers(CURL *handle, struct curl_slist *headers) {
    return curl_easy_setopt(handle, CURLOPT_HTTPHEADER, headers);
}
static inline CURLcode ccurl_setopt_write_function(CURL *handle, ccurl_write_callback callback) {
    return curl_easy_setopt(handle, CURLOPT_WRITEFUNCTION, callback);
}
static inline CURLcode ccurl_setopt_header_function(CURL *handle, ccurl_write_callback callback) {
    return curl_easy_setopt(handle, CURLOPT_HEADERFUNCTION, callback);
}
static inline CURLcode ccurl_setopt_xferinfo_function(CURL *handle, ccurl_xferinfo_callback callback) {
    return curl_easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, callback);
}
static inline CURLcode ccurl_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}
static inline CURLcode ccurl_getinfo_string(CURL *handle, CURLINFO info, char **value) {
    return curl_easy_getinfo(handle, info, value);
}
static inline CURLcode ccurl_getinfo_double(CURL *handle, CURLINFO info, double *value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode ccurl_global_init_all(void) {
    return curl_global_init(CURL_GLOBAL_ALL);
}

#endif
