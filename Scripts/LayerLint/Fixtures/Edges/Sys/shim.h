#define SHIM 1
