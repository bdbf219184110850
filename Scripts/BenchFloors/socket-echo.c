// The floor of a request over a Unix-domain socket between two processes, as the suit link is: a
// client sends a 64-byte message and waits for its echo from a forked server, N times. Prints
// microseconds per round trip. Built and run by Scripts/bench (cc -O2).
//   usage: socket-echo [COUNT]
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

int main(int argc, char **argv) {
  long count = argc > 1 ? atol(argv[1]) : 10000;
  char path[108];
  snprintf(path, sizeof path, "/tmp/bench-echo-c-%d.sock", (int)getpid());
  unlink(path);
  struct sockaddr_un address = {0};
  address.sun_family = AF_UNIX;
  strncpy(address.sun_path, path, sizeof address.sun_path - 1);
  int listener = socket(AF_UNIX, SOCK_STREAM, 0);
  if (listener < 0 || bind(listener, (struct sockaddr *)&address, sizeof address) != 0 || listen(listener, 1) != 0) {
    perror("socket-echo");
    return 1;
  }
  pid_t child = fork();
  if (child == 0) {
    int peer = accept(listener, NULL, NULL);
    char buffer[64];
    while (exact(peer, buffer, 64)) {
      if (write(peer, buffer, 64) != 64) break;
    }
    _exit(0);
  }
  int client = socket(AF_UNIX, SOCK_STREAM, 0);
  if (connect(client, (struct sockaddr *)&address, sizeof address) != 0) {
    perror("socket-echo: connect");
    return 1;
  }
  char message[64];
  memset(message, 7, sizeof message);
  struct timespec start, end;
  clock_gettime(CLOCK_MONOTONIC, &start);
  for (long index = 0; index < count; index++) {
    if (write(client, message, 64) != 64 || !exact(client, message, 64)) {
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
