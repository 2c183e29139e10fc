// Guarded by #ifndef: expanded once however often it is included.
#ifndef DEFINES_H
#define DEFINES_H
#ifndef SCALE
#define SCALE 2
#endif
struct Pair {
  float first;
  float second;
};
#endif // DEFINES_H
