// The limit beneath the start-up rows' floors: a C hello-world (the C library alone, linked as the
// apps link it: dynamically). Built by Scripts/bench with cc -O2; a reference row, no goal.
#include <stdio.h>

int main(int argc, char **argv) {
  (void)argv;
  printf("{\"count\":%d,\"text\":\"hello, world\"}\n", argc);
  return 0;
}
