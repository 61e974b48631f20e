/*
 * Partial decoding (unpack_path.c): the values at some paths of a document (map keys, list
 * indexes, record fields), read without building the rest. Only the containers on the way are
 * read, and only their keys; every other item is stepped over by its header.
 */
#ifndef MSGPACK_UNPACK_PATH_H
#define MSGPACK_UNPACK_PATH_H

#include "php.h"

/* Why a path was not found, at which step (MsgPack\PathException). */
typedef enum _msgpack_path_missing {
	MSGPACK_PATH_FOUND = 0,
	MSGPACK_PATH_NO_KEY,       /* the map (or record, or object) has no such key */
	MSGPACK_PATH_NO_INDEX,     /* the list is shorter */
	MSGPACK_PATH_NO_CONTAINER, /* the value at the step before is no map or list */
	MSGPACK_PATH_NOT_READ,     /* the decode failed before the path was taken */
} msgpack_path_missing;

/* A path's outcome: found, or the step that is not there (0 is the first) and the offset of the
 * value it should be in. */
typedef struct _msgpack_path_target {
	msgpack_path_missing missing;
	uint32_t step;
	size_t offset;
} msgpack_path_target;

typedef struct _msgpack_path_node msgpack_path_node;

/* The steps of every path asked, as a tree: paths with the same first steps share them, so that
 * the document is read once, in order. Built by the API layer (msgpack_path_add()), given to the
 * decoder in msgpack_unpack_options.path. */
typedef struct _msgpack_path {
	msgpack_path_node *root;
	msgpack_path_target *targets; /* target_count of them, by path number */
	uint32_t target_count;
	uint32_t target_capacity;
	uint32_t longest;             /* steps of the longest path */
	msgpack_path_node **nodes;    /* every node, the root first (freed from this list) */
	uint32_t node_count;
	uint32_t node_capacity;
	/* the walk's: targets neither found nor known not there; with stop_early (the decoder's
	 * path_stop_early), done once there are none, the rest of the input left unread */
	uint32_t unresolved;
	bool stop_early;
	bool done;
} msgpack_path;

msgpack_path *msgpack_path_new(void);
void msgpack_path_free(msgpack_path *path);
/* Adds a path (a list of steps: ints and strings, a numeric string being the int, as array keys
 * are); it is target number path->target_count - 1. False, nothing added, with the position of
 * the first step that is neither an int nor a string in *bad_step. */
bool msgpack_path_add(msgpack_path *path, HashTable *steps, uint32_t *bad_step);

/* The decoder's walk (unpack.c calls it for the root when opts.path is set): the value at d->pos
 * read, and out an array of the values found, by target number (a target not found is absent
 * and its entry in path->targets says why). */
struct _msgpack_decoder;
bool msgpack_decode_path(struct _msgpack_decoder *d, zval *out);

/* The same paths taken in a value already decoded (PHP_OBJECTS, where a back-reference can name
 * any container before it: the whole value is read first): array keys, and the properties of
 * objects by name whatever their visibility; the values found added to found. at: the value's
 * offset in the input, for the targets not found. */
void msgpack_path_navigate(msgpack_path *path, zval *root, HashTable *found, size_t at);

#endif
