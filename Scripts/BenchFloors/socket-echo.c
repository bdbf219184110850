// The floor of the suit's telemetry row: COUNT requests over a Unix-domain socket between two
// processes, as the suit link is: a client writes a REQUEST-byte message and waits for the
// ANSWER-byte answer of a forked server, which reads each whole request before it answers, COUNT
// times. Scripts/bench gives it the sizes the project's messages have on the wire (suit-trips
// prints them). Prints microseconds per round trip. Built and run by Scripts/bench (cc -O2).
//   usage: socket-echo [COUNT [REQUEST ANSWER]]   (default 10000 64 64)
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static int exact(int fd, char *buffer, size_t length) {
  size_t done = 0;
  while (done < length) {
    ssize_t got = read(fd, buffer + done, length - done);
    if (got <= 0) return 0;
    done += (size_t)got;
  }
  return 1;
}

static int whole(int fd, const char *buffer, size_t length) {
  size_t done = 0;
  while (done < length) {
    ssize_t put = write(fd, buffer + done, length - done);
    if (put <= 0) return 0;
    done += (size_t)put;
  }
  return 1;
}

int main(int argc, char **argv) {
  long count = argc > 1 ? atol(argv[1]) : 10000;
  long request = argc > 3 ? atol(argv[2]) : 64;
  long answer = argc > 3 ? atol(argv[3]) : 64;
  if (count < 1 || request < 1 || answer < 1 || request > 65536 || answer > 65536) {
    fprintf(stderr, "usage: socket-echo [COUNT [REQUEST ANSWER]]\n");
    return 64;
  }
  char path[108];
  snprintf(path, sizeof path, "/tmp/bench-echo-c-%d.sock", (int)getpid());
  unlink(path);
  struct sockaddr_un address = {0};
  address.sun_family = AF_UNIX;
  memcpy(address.sun_path, path, strlen(path) + 1);
  int listener = socket(AF_UNIX, SOCK_STREAM, 0);
  if (listener < 0 || bind(listener, (struct sockaddr *)&address, sizeof address) != 0 || listen(listener, 1) != 0) {
    perror("socket-echo");
    return 1;
  }
  char *in = calloc(1, (size_t)(request > answer ? request : answer));
  char *out = calloc(1, (size_t)(request > answer ? request : answer));
  memset(out, 7, (size_t)(request > answer ? request : answer));
  pid_t child = fork();
  if (child == 0) {
    int peer = accept(listener, NULL, NULL);
    while (exact(peer, in, (size_t)request)) {
      if (!whole(peer, out, (size_t)answer)) break;
    }
    _exit(0);
  }
  int client = socket(AF_UNIX, SOCK_STREAM, 0);
  if (connect(client, (struct sockaddr *)&address, sizeof address) != 0) {
    perror("socket-echo: connect");
    return 1;
  }
  struct timespec start, end;
  clock_gettime(CLOCK_MONOTONIC, &start);
  for (long index = 0; index < count; index++) {
    if (!whole(client, out, (size_t)request) || !exact(client, in, (size_t)answer)) {
      fprintf(stderr, "socket-echo: the echo broke off\n");
      return 1;
    }
  }
  clock_gettime(CLOCK_MONOTONIC, &end);
  close(client);
  waitpid(child, NULL, 0);
  unlink(path);
  double microseconds = (end.tv_sec - start.tv_sec) * 1e6 + (end.tv_nsec - start.tv_nsec) / 1e3;
  printf("%.3f\n", microseconds / (double)count);
  return 0;
}
