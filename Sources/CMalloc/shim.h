// glibc's malloc tuning (mallopt, malloc_trim), which Swift's Glibc module does not import.
// Used by Sources/System/Host/Heap.swift only.
#include <malloc.h>
