// Runs when the test binary is loaded, before any test: a write to a pipe or socket whose reader has
// gone (a child that exited before reading its input) fails with EPIPE instead of killing the whole
// test process with SIGPIPE, which would leave every child it started running.
#include <signal.h>
#include <stddef.h>

#include "CTestHarness.h"

__attribute__((constructor)) static void ignore_broken_pipes(void) { signal(SIGPIPE, SIG_IGN); }

int test_harness_ignores_broken_pipes(void) {
  struct sigaction current;
  if (sigaction(SIGPIPE, NULL, &current) != 0) return 0;
  return current.sa_handler == SIG_IGN;
}
