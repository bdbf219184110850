// A preloaded library for Scripts/golden-screens: the wall clock (CLOCK_REALTIME, gettimeofday,
// time) stands still at FIXED_CLOCK_SECONDS (default 1795323600: 2026-11-22T05:00:00Z), so screens
// that show the date are the same on every run; the monotonic clocks, which timeouts and sleeps
// use, are untouched.
//   cc -shared -fPIC -O2 -o fixed-clock.so fixed-clock.c -ldl
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdlib.h>
#include <sys/time.h>
#include <time.h>

static long fixed_seconds(void) {
  const char *text = getenv("FIXED_CLOCK_SECONDS");
  return text ? atol(text) : 1795323600L;
}

int clock_gettime(clockid_t clock, struct timespec *value) {
  static int (*real)(clockid_t, struct timespec *);
  if (!real) real = (int (*)(clockid_t, struct timespec *))dlsym(RTLD_NEXT, "clock_gettime");
  if (clock == CLOCK_REALTIME || clock == CLOCK_REALTIME_COARSE) {
    value->tv_sec = fixed_seconds();
    value->tv_nsec = 0;
    return 0;
  }
  return real(clock, value);
}

int gettimeofday(struct timeval *value, void *zone) {
  (void)zone;
  if (value) {
    value->tv_sec = fixed_seconds();
    value->tv_usec = 0;
  }
  return 0;
}

time_t time(time_t *value) {
  time_t now = fixed_seconds();
  if (value) *value = now;
  return now;
}
