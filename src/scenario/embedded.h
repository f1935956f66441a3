/* The data files embedded in the binary (data/catalog, data/scenarios),
 * generated at build time by tools/embed.c. */
#ifndef BS_SCENARIO_EMBEDDED_H
#define BS_SCENARIO_EMBEDDED_H

#include <stddef.h>

struct bs_embedded_file {
	const char *path;	   /* "data/catalog/weapons.yaml" */
	const unsigned char *data; /* NUL-terminated */
	size_t size;
};

/* Terminated by an entry with path NULL. */
extern const struct bs_embedded_file bs_embedded_files[];

#endif
