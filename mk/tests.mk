# tests.mk - host unit tests, fuzzers and QEMU boot tests. (placeholder)
