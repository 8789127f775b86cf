/* glibc functions the Glibc module leaves out. */
#include <malloc.h>   /* mallopt: the executable's memory settings */

#ifdef __linux__
/* renameat2(2) (glibc 2.28; declared by <stdio.h> only under _GNU_SOURCE, which the Glibc
   module is built without) and its flag that swaps two names in one step. */
int renameat2(int olddirfd, const char *oldpath, int newdirfd, const char *newpath, unsigned int flags);
#define LAYERLAB_RENAME_EXCHANGE (1 << 1)
#endif
