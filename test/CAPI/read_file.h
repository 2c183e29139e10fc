/* Shared by the C API tests: a whole file as a NUL-terminated heap string. */

#ifndef TILE_TEST_CAPI_READ_FILE_H
#define TILE_TEST_CAPI_READ_FILE_H

#include <stdio.h>
#include <stdlib.h>

/* Reads a whole file into a NUL-terminated heap buffer, or returns NULL. */
static char *readFile(const char *path) {
  FILE *file = fopen(path, "rb");
  if (!file)
    return NULL;
  char *data = NULL;
  if (fseek(file, 0, SEEK_END) == 0) {
    long size = ftell(file);
    if (size >= 0 && fseek(file, 0, SEEK_SET) == 0) {
      data = malloc((size_t)size + 1);
      if (data && fread(data, 1, (size_t)size, file) != (size_t)size) {
        free(data);
        data = NULL;
      } else if (data) {
        data[size] = '\0';
      }
    }
  }
  fclose(file);
  return data;
}

#endif /* TILE_TEST_CAPI_READ_FILE_H */
