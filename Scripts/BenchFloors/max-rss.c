// The largest resident set of a command, for Scripts/bench's process rows: forks, runs the command
// with its output thrown away, and prints the child's ru_maxrss in KiB. A child's ru_maxrss also
// counts the address space it had before exec: forked (or spawned) by python it is python's, some
// 50 MiB, whatever the command uses; forked from this small program it is the command's own.
// Built by Scripts/bench with cc -O2. Exit status: the command's (1 when it cannot be run).
//   usage: max-rss COMMAND [ARGUMENT...]
#include <fcntl.h>
#include <stdio.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: max-rss COMMAND [ARGUMENT...]\n");
    return 64;
  }
  pid_t child = fork();
  if (child < 0) {
    perror("max-rss: fork");
    return 1;
  }
  if (child == 0) {
    int null = open("/dev/null", O_WRONLY);
    if (null >= 0) {
      dup2(null, 1);
      dup2(null, 2);
    }
    execv(argv[1], argv + 1);
    _exit(127);
  }
  int status = 0;
  struct rusage usage;
  if (wait4(child, &status, 0, &usage) < 0) {
    perror("max-rss: wait4");
    return 1;
  }
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    fprintf(stderr, "max-rss: %s exited %d\n", argv[1], WIFEXITED(status) ? WEXITSTATUS(status) : 128);
    return WIFEXITED(status) && WEXITSTATUS(status) != 0 ? WEXITSTATUS(status) : 1;
  }
  printf("%ld\n", usage.ru_maxrss);
  return 0;
}
