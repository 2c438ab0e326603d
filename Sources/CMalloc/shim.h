// glibc's malloc tuning (mallopt, malloc_trim), which Swift's Glibc module does not import.
// Used by Sources/Notifier/Support/Heap.swift only.
#include <malloc.h>
