#ifndef C_TEST_HARNESS_H
#define C_TEST_HARNESS_H

/// Whether the test process ignores SIGPIPE (it does from before the first test: see startup.c).
int test_harness_ignores_broken_pipes(void);

#endif
