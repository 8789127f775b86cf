#include <stdio.h>
#include <histedit.h>
#include <editline/readline.h>

/*
 * Fixed-signature wrappers around libedit's variadic calls: Swift cannot call C variadic
 * functions, and these compile to the ordinary variadic call, so they are portable.
 */
typedef unsigned char (*layerlab_el_fn)(EditLine *, int);

static inline int layerlab_el_set_ptr(EditLine *e, int op, const void *p) { return el_set(e, op, p); }
static inline int layerlab_el_set_ptr_char(EditLine *e, int op, const void *p, int c) { return el_set(e, op, p, c); }
static inline int layerlab_el_set_ptrs(EditLine *e, int op, const void *p, const void *q) { return el_set(e, op, p, q); }
static inline int layerlab_el_set_int(EditLine *e, int op, int v) { return el_set(e, op, v); }
static inline int layerlab_el_add_fn(EditLine *e, const char *name, const char *help, layerlab_el_fn fn) {
    return el_set(e, EL_ADDFN, name, help, fn);
}
static inline int layerlab_el_get_ptr(EditLine *e, int op, void **p) { return el_get(e, op, p); }
static inline int layerlab_history_int(History *h, HistEvent *ev, int op, int v) { return history(h, ev, op, v); }
static inline int layerlab_history_str(History *h, HistEvent *ev, int op, const char *s) { return history(h, ev, op, s); }
/* The `history` function itself, for EL_HIST. */
static inline const void *layerlab_history_function(void) { return (const void *)history; }
