/*
 * Partial decoding: the values at some paths of a document, without building the rest.
 *
 * The paths are a tree of steps (msgpack_path_add()). The decoder walks the document with it:
 * at a node that ends a path, the value is decoded as a whole value would be (typed, with
 * unpackAs()); at a map on the way its keys are read, one after the other, and the value of a
 * key that is a step is walked, every other one stepped over by its header (skip_values());
 * at a list, the items before an index asked are stepped over; at a record, its structure's
 * field names are the keys. Every container on the way is read to its end: of a key given
 * twice, the last one's value counts, as unpack() decides; and so the document's length is
 * known, for the MsgPack\ API's check that nothing follows it.
 *
 * With RECORDS, a value stepped over is decoded and dropped instead (a declaration in it is for
 * what follows). With PHP_OBJECTS the API decodes the whole value and takes the paths in it
 * (msgpack_path_navigate()): a back-reference may name any container before it.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "php_msgpack.h"
#include "common/msgpack_format.h"
#include "common/msgpack_records.h"
#include "common/msgpack_stack.h"
#include "decode/msgpack_scan.h"
#include "decode/unpack.h"
#include "decode/unpack_internal.h"
#include "decode/unpack_records.h"
#include "decode/unpack_path.h"

struct _msgpack_path_node {
	zend_string *key;              /* a string step, or NULL for an int step */
	zend_ulong index;              /* an int step */
	uint32_t depth;                /* steps from the root: the number of this node's step is depth - 1 */
	msgpack_path_node *parent;     /* NULL for the root */
	uint32_t position;             /* its place in parent->children */
	msgpack_path_node **children;  /* child_count of them */
	uint32_t child_count;
	uint32_t child_capacity;
	uint32_t *targets;             /* the paths that end here */
	uint32_t target_count;
	bool met;                      /* its key was met in the container being walked */
	zval *value;                   /* msgpack_path_navigate(): the value at this node */
};

/* ---- the tree of steps ------------------------------------------------------------------------ */

/* The tree is gone through without recursion (a path may have any number of steps): the node
 * after node in pre-order among top and the nodes under it, NULL after the last; with
 * into_children false, past the nodes under node. */
static msgpack_path_node *next_node(const msgpack_path_node *top, msgpack_path_node *node, bool into_children)
{
	if (into_children && node->child_count) {
		return node->children[0];
	}
	while (node != top) {
		msgpack_path_node *parent = node->parent;
		if (node->position + 1 < parent->child_count) {
			return parent->children[node->position + 1];
		}
		node = parent;
	}
	return NULL;
}

static msgpack_path_node *new_node(msgpack_path *path)
{
	if (path->node_count == path->node_capacity) {
		path->node_capacity = path->node_capacity ? path->node_capacity * 2 : 8;
		path->nodes = safe_erealloc(path->nodes, path->node_capacity, sizeof(msgpack_path_node *), 0);
	}
	return path->nodes[path->node_count++] = ecalloc(1, sizeof(msgpack_path_node));
}

msgpack_path *msgpack_path_new(void)
{
	msgpack_path *path = ecalloc(1, sizeof(msgpack_path));

	path->root = new_node(path);
	return path;
}

void msgpack_path_free(msgpack_path *path)
{
	for (uint32_t i = 0; i < path->node_count; i++) {
		msgpack_path_node *node = path->nodes[i];
		if (node->children) {
			efree(node->children);
		}
		if (node->targets) {
			efree(node->targets);
		}
		if (node->key) {
			zend_string_release(node->key);
		}
		efree(node);
	}
	efree(path->nodes);
	if (path->targets) {
		efree(path->targets);
	}
	efree(path);
}

static bool step_is(const msgpack_path_node *node, const zend_string *key, zend_ulong index)
{
	return key ? node->key != NULL && zend_string_equals(node->key, key) : node->key == NULL && node->index == index;
}

static msgpack_path_node *child_of(const msgpack_path_node *node, const zend_string *key, zend_ulong index)
{
	for (uint32_t i = 0; i < node->child_count; i++) {
		if (step_is(node->children[i], key, index)) {
			return node->children[i];
		}
	}
	return NULL;
}

/* The child of node for the step key (NULL: the int index), made if it is not there. */
static msgpack_path_node *child_for(msgpack_path *path, msgpack_path_node *node, zend_string *key, zend_ulong index)
{
	msgpack_path_node *child = child_of(node, key, index);

	if (child) {
		return child;
	}
	if (node->child_count == node->child_capacity) {
		node->child_capacity = node->child_capacity ? node->child_capacity * 2 : 2;
		node->children = safe_erealloc(node->children, node->child_capacity, sizeof(msgpack_path_node *), 0);
	}
	child = new_node(path);
	child->key = key ? zend_string_copy(key) : NULL;
	child->index = index;
	child->depth = node->depth + 1;
	child->parent = node;
	child->position = node->child_count;
	node->children[node->child_count++] = child;
	return child;
}

bool msgpack_path_add(msgpack_path *path, HashTable *steps, uint32_t *bad_step)
{
	msgpack_path_node *node = path->root;
	uint32_t n = 0;
	zval *step;

	/* the steps checked first: a path refused adds no node */
	ZEND_HASH_FOREACH_VAL(steps, step) {
		ZVAL_DEREF(step);
		if (Z_TYPE_P(step) != IS_LONG && Z_TYPE_P(step) != IS_STRING) {
			*bad_step = n;
			return false;
		}
		n++;
	} ZEND_HASH_FOREACH_END();
	ZEND_HASH_FOREACH_VAL(steps, step) {
		ZVAL_DEREF(step);
		zend_ulong index;
		if (Z_TYPE_P(step) == IS_LONG) {
			node = child_for(path, node, NULL, (zend_ulong) Z_LVAL_P(step));
		} else if (ZEND_HANDLE_NUMERIC_STR(Z_STRVAL_P(step), Z_STRLEN_P(step), index)) {
			node = child_for(path, node, NULL, index); /* "5" is the key 5, as in an array */
		} else {
			node = child_for(path, node, Z_STR_P(step), 0);
		}
	} ZEND_HASH_FOREACH_END();
	node->targets = safe_erealloc(node->targets, node->target_count + 1, sizeof(uint32_t), 0);
	node->targets[node->target_count++] = path->target_count;
	if (path->target_count == path->target_capacity) {
		path->target_capacity = path->target_capacity ? path->target_capacity * 2 : 4;
		path->targets = safe_erealloc(path->targets, path->target_capacity, sizeof(msgpack_path_target), 0);
	}
	path->targets[path->target_count].missing = MSGPACK_PATH_NOT_READ;
	path->targets[path->target_count].step = 0;
	path->targets[path->target_count].offset = 0;
	path->target_count++;
	path->unresolved++;
	path->longest = MAX(path->longest, n);
	return true;
}

/* ---- outcomes ------------------------------------------------------------------------------ */

/* One more target is found or known not there: with stop_early, the walk is done once none is
 * left to read. */
static void resolved(msgpack_path *path)
{
	if (--path->unresolved == 0 && path->stop_early) {
		path->done = true;
	}
}

/* The paths through top (and the nodes under it) are not there: the step at step is missing. */
static void mark_missing_from(msgpack_path *path, msgpack_path_node *top, uint32_t step,
	msgpack_path_missing why, size_t offset)
{
	for (msgpack_path_node *node = top; node; node = next_node(top, node, true)) {
		for (uint32_t i = 0; i < node->target_count; i++) {
			msgpack_path_target *t = &path->targets[node->targets[i]];
			if (t->missing == MSGPACK_PATH_NOT_READ) {
				resolved(path);
			}
			t->missing = why;
			t->step = step;
			t->offset = offset;
		}
	}
}

/* node's own step (node->depth - 1) is missing. */
static void mark_missing(msgpack_path *path, msgpack_path_node *node, msgpack_path_missing why, size_t offset)
{
	mark_missing_from(path, node, node->depth - 1, why, offset);
}

/* A key met again: what its first value gave goes (the last value counts), kept alive until the
 * call ends as any value the decoder drops (msgpack_bury()): the decoder still holds its objects. */
static void forget_found(msgpack_decoder *d, msgpack_path *path, msgpack_path_node *top, HashTable *found)
{
	for (msgpack_path_node *node = top; node; node = next_node(top, node, true)) {
		for (uint32_t i = 0; i < node->target_count; i++) {
			msgpack_path_target *t = &path->targets[node->targets[i]];
			zval *given = zend_hash_index_find(found, node->targets[i]);
			if (given != NULL) {
				zval dropped;
				ZVAL_COPY(&dropped, given); /* the table's reference goes, this one is buried */
				zend_hash_index_del(found, node->targets[i]);
				msgpack_bury(d, &dropped);
			}
			if (t->missing != MSGPACK_PATH_NOT_READ) {
				path->unresolved++;
			}
			t->missing = MSGPACK_PATH_NOT_READ;
		}
	}
}

static void set_found(msgpack_path *path, const msgpack_path_node *node, HashTable *found, zval *v)
{
	for (uint32_t i = 0; i < node->target_count; i++) {
		msgpack_path_target *t = &path->targets[node->targets[i]];
		Z_TRY_ADDREF_P(v);
		zend_hash_index_update(found, node->targets[i], v);
		if (t->missing == MSGPACK_PATH_NOT_READ) {
			resolved(path);
		}
		t->missing = MSGPACK_PATH_FOUND;
	}
}

/* ---- stepping over ------------------------------------------------------------------------- */

/* Past n values at d->pos, by their headers alone (msgpack_skip_values()). With RECORDS the
 * decoder reads them instead, so that a declaration among them is known after. */
static bool skip_values(msgpack_decoder *d, uint64_t n)
{
	if (d->opts.records) {
		while (n--) {
			zval v;
			if (!msgpack_decode_child(d, &v)) {
				return false;
			}
			msgpack_bury(d, &v);
		}
		return true;
	}
	switch (msgpack_skip_values(&d->pos, d->end, n)) {
		case MSGPACK_SCAN_COMPLETE:
			return true;
		case MSGPACK_SCAN_INCOMPLETE:
			return msgpack_decode_fail(d, MSGPACK_DECODE_INSUFFICIENT);
		default:
			return msgpack_decode_fail(d, MSGPACK_DECODE_PARSE_ERROR);
	}
}

/* ---- the walk ------------------------------------------------------------------------------ */

static void navigate(msgpack_path *path, msgpack_path_node *top, zval *v, HashTable *found, size_t at, bool maps_only);

static bool walk(msgpack_decoder *d, msgpack_path *path, msgpack_path_node *node, HashTable *found);
static bool walk_container(msgpack_decoder *d, msgpack_path *path, msgpack_path_node *node, HashTable *found);

/* The value that ends a path. When other paths go on through it, its bytes are walked again for
 * them, as any other value on the way: a path steps into maps and lists of the input, not into
 * what a value decodes to (a MsgPack\Timestamp, the object of an ext decoder). */
static bool walk_target(msgpack_decoder *d, msgpack_path *path, msgpack_path_node *node, HashTable *found)
{
	const unsigned char *item = d->pos;
	zval v;

	if (UNEXPECTED(d->opts.type != NULL)) {
		ZVAL_UNDEF(&v);
		if (!msgpack_decode_typed(d, &v)) {
			msgpack_bury(d, &v); /* what it built, released with the call's other values */
			return false;
		}
	} else if (!msgpack_decode_child(d, &v)) {
		return false; /* buried by msgpack_decode_child() */
	}
	set_found(path, node, found, &v);
	if (node->child_count && UNEXPECTED(d->opts.records)) {
		/* a record the value declares may declare again a number it used: its bytes would not
		 * read the same again. The paths through it are taken in what was read, stepping into
		 * arrays and stdClass only, as the walk steps into the input's maps and lists only. */
		navigate(path, node, &v, found, (size_t) (item - d->start), true);
	}
	zval_ptr_dtor(&v);
	if (node->child_count && !d->opts.records) {
		const unsigned char *end = d->pos;
		d->pos = item;
		if (!walk_container(d, path, node, found)) {
			return false;
		}
		/* the same bytes again: the same end, unless the walk stopped early (stop_early) */
		ZEND_ASSERT(d->pos == end || path->done);
		d->pos = end;
	}
	return true;
}

/* The key of a map entry at d->pos, as unpack() reads it (MsgPack\ API: strict keys); *skey set
 * for a string key (the caller releases it), else *ikey. */
static bool read_key(msgpack_decoder *d, zend_string **skey, zend_ulong *ikey)
{
	zval other;
	msgpack_map_key_kind kind = msgpack_decode_key(d, skey, ikey, &other);

	if (UNEXPECTED(kind <= MSGPACK_MAP_KEY_PHP)) {
		/* MSGPACK_MAP_KEY_PHP: a nil key of PECL's format, which the API reads with PHP_OBJECTS only, and
		 * then takes the paths in the value decoded */
		return kind == MSGPACK_MAP_KEY_PHP ? msgpack_decode_invalid_item(d, d->pos, "Invalid map key of type nil") : false;
	}
	if (kind == MSGPACK_MAP_KEY_OTHER) {
		if (!msgpack_refuse_key(d, skey, &other)) {
			return false;
		}
	}
	if (*skey) {
		zend_ulong index;
		if (ZEND_HANDLE_NUMERIC_STR(ZSTR_VAL(*skey), ZSTR_LEN(*skey), index)) {
			zend_string_release(*skey);
			*skey = NULL;
			*ikey = index;
		}
	}
	return true;
}

/* The child of node for the string key of len bytes at key (a numeric one is its int). */
static msgpack_path_node *child_of_bytes(msgpack_path_node *node, const unsigned char *key, size_t len)
{
	zend_ulong index;

	/* ZEND_HANDLE_NUMERIC_STR() would read a byte past a key of 0 or 1 bytes: the input's end */
	if (len > 0 && key[0] <= '9' && (key[0] >= '0' || (key[0] == '-' && len > 1))
			&& _zend_handle_numeric_str_ex((const char *) key, len, &index)) {
		return child_of(node, NULL, index);
	}
	for (uint32_t i = 0; i < node->child_count; i++) {
		const zend_string *k = node->children[i]->key;
		if (k && ZSTR_LEN(k) == len && memcmp(ZSTR_VAL(k), key, len) == 0) {
			return node->children[i];
		}
	}
	return NULL;
}

/* The child of node that the map key at d->pos names (NULL: none), d->pos moved past the key. A
 * string key is compared where it is, without a string made of it. */
static bool key_child(msgpack_decoder *d, msgpack_path_node *node, msgpack_path_node **child)
{
	const unsigned char *p = d->pos;
	size_t avail = MSGPACK_REMAINING(d), head;
	uint32_t len;
	int n = avail > 0 ? mp_str_header(*p, p + 1, avail - 1, &len) : MP_NO_STR;

	if (n >= 0) {
		head = 1 + (size_t) n;
	} else {
		/* an int key, one unpack() refuses, or a header the input ends in: read as it reads
		 * them */
		zend_string *skey = NULL;
		zend_ulong ikey = 0;
		if (!read_key(d, &skey, &ikey)) {
			return false;
		}
		*child = child_of(node, skey, ikey);
		if (skey) {
			zend_string_release(skey);
		}
		return true;
	}
	if (UNEXPECTED(len > avail - head)) {
		d->pos += head;
		return msgpack_decode_fail(d, MSGPACK_DECODE_INSUFFICIENT);
	}
	*child = child_of_bytes(node, p + head, len);
	d->pos = p + head + len;
	return true;
}

/* A child met in the container being walked: its value walked (again, for a key met again). Its
 * step is a frame of the typed decoder's paths ("Expected int, got str at $.users[3].age"). */
static bool walk_child(msgpack_decoder *d, msgpack_path *path, msgpack_path_node *child, HashTable *found)
{
	msgpack_typed_frame frame = { d->typed_frame, NULL, 0, 0 };
	bool ok;

	if (child->met) {
		if (path->stop_early) {
			return skip_values(d, 1); /* the first of a key given twice counts */
		}
		forget_found(d, path, child, found);
	}
	child->met = true;
	if (child->key) {
		frame.key = (const unsigned char *) ZSTR_VAL(child->key);
		frame.key_len = (uint32_t) ZSTR_LEN(child->key);
	} else {
		frame.index = (zend_long) child->index;
	}
	d->typed_frame = &frame;
	ok = walk(d, path, child, found);
	d->typed_frame = frame.parent;
	return ok;
}

/* The children never met in the container at item: not there. */
static void children_not_met(msgpack_path *path, msgpack_path_node *node, const unsigned char *item,
	msgpack_path_missing why, const msgpack_decoder *d)
{
	for (uint32_t i = 0; i < node->child_count; i++) {
		msgpack_path_node *child = node->children[i];
		if (!child->met) {
			/* a list has no string keys */
			mark_missing(path, child, why == MSGPACK_PATH_NO_INDEX && child->key ? MSGPACK_PATH_NO_KEY : why,
				(size_t) (item - d->start));
		}
	}
}

static bool walk_map(msgpack_decoder *d, msgpack_path *path, msgpack_path_node *node, HashTable *found,
	const unsigned char *item, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++) {
		msgpack_path_node *child;
		if (!key_child(d, node, &child)) {
			return false;
		}
		if (child ? !walk_child(d, path, child, found) : !skip_values(d, 1)) {
			return false;
		}
		if (path->done) {
			return true;
		}
	}
	children_not_met(path, node, item, MSGPACK_PATH_NO_KEY, d);
	return true;
}

static bool walk_list(msgpack_decoder *d, msgpack_path *path, msgpack_path_node *node, HashTable *found,
	const unsigned char *item, uint32_t n)
{
	uint32_t i = 0;

	while (i < n) {
		msgpack_path_node *child = child_of(node, NULL, i);
		if (child) {
			if (!walk_child(d, path, child, found)) {
				return false;
			}
			if (path->done) {
				return true;
			}
			i++;
			continue;
		}
		/* up to the next index asked, or the end */
		uint32_t next = n;
		for (uint32_t k = 0; k < node->child_count; k++) {
			const msgpack_path_node *c = node->children[k];
			if (c->key == NULL && c->index > i && c->index < next) {
				next = (uint32_t) c->index;
			}
		}
		if (!skip_values(d, next - i)) {
			return false;
		}
		i = next;
	}
	children_not_met(path, node, item, MSGPACK_PATH_NO_INDEX, d);
	return true;
}

/* RECORDS: a record (or a declaration and its first record) at item: its fields are the keys. */
static bool walk_record(msgpack_decoder *d, msgpack_path *path, msgpack_path_node *node, HashTable *found,
	const unsigned char *item)
{
	msgpack_record_structure *s = msgpack_record_head(d);
	zend_string *key;
	zend_ulong h;
	bool ok = true;

	if (s == NULL) {
		return false;
	}
	ZEND_HASH_FOREACH_KEY(s->fields, h, key) {
		msgpack_path_node *child = child_of(node, key, h);
		if (child ? !walk_child(d, path, child, found) : !skip_values(d, 1)) {
			ok = false;
			break;
		}
	} ZEND_HASH_FOREACH_END();
	msgpack_record_structure_release(s);
	if (ok) {
		children_not_met(path, node, item, MSGPACK_PATH_NO_KEY, d);
	}
	return ok;
}

/* The container at d->pos walked for the children of node: RECORD, MAP or LIST, its entries
 * counted in *n (not for a record); OTHER for any other value. */
typedef enum { WALK_OTHER, WALK_RECORD, WALK_MAP, WALK_LIST } walk_kind;

static bool container_at(msgpack_decoder *d, walk_kind *kind, uint32_t *n)
{
	unsigned char c = *d->pos;

	*kind = WALK_OTHER;
	if (d->opts.records && ((c >= MSGPACK_RECORD_FIRST_ID && c <= MP_POSITIVE_FIXINT_MAX && msgpack_record_byte(d, c))
			|| ((c == MP_FIXEXT1 || c == MP_FIXEXT2) && MSGPACK_REMAINING(d) >= 2 && d->pos[1] == MSGPACK_RECORD_EXT_TYPE))) {
		*kind = WALK_RECORD;
		return true;
	}
	if (mp_is_fixmap(c) || mp_is_fixarray(c)) {
		*kind = mp_is_fixmap(c) ? WALK_MAP : WALK_LIST;
		*n = mp_fix_count(c);
		d->pos++;
		return true;
	}
	if (c == MP_MAP16 || c == MP_MAP32 || c == MP_ARRAY16 || c == MP_ARRAY32) {
		*kind = c == MP_MAP16 || c == MP_MAP32 ? WALK_MAP : WALK_LIST;
		d->pos++;
		return msgpack_read_size(d, c == MP_MAP16 || c == MP_ARRAY16 ? 2 : 4, n);
	}
	return true;
}

/* The value at d->pos walked for the children of node. */
static bool walk_container(msgpack_decoder *d, msgpack_path *path, msgpack_path_node *node, HashTable *found)
{
	const unsigned char *item = d->pos;
	walk_kind kind;
	uint32_t n = 0;
	bool ok;

	if (UNEXPECTED(item >= d->end)) {
		return msgpack_decode_fail(d, MSGPACK_DECODE_INSUFFICIENT);
	}
	if (!container_at(d, &kind, &n)) {
		return false;
	}
	if (kind == WALK_OTHER) {
		/* no map or list: no path goes on through it */
		for (uint32_t i = 0; i < node->child_count; i++) {
			mark_missing(path, node->children[i], MSGPACK_PATH_NO_CONTAINER, (size_t) (item - d->start));
		}
		return skip_values(d, 1);
	}
	/* the nesting limit and the stack guard as for a container decoded */
	if (!msgpack_enter(d)) {
		return false;
	}
	for (uint32_t i = 0; i < node->child_count; i++) {
		node->children[i]->met = false;
	}
	ok = kind == WALK_RECORD ? walk_record(d, path, node, found, item)
		: kind == WALK_MAP ? walk_map(d, path, node, found, item, n) : walk_list(d, path, node, found, item, n);
	d->depth--;
	return ok;
}

static bool walk(msgpack_decoder *d, msgpack_path *path, msgpack_path_node *node, HashTable *found)
{
	return node->target_count ? walk_target(d, path, node, found) : walk_container(d, path, node, found);
}

bool msgpack_decode_path(msgpack_decoder *d, zval *out)
{
	msgpack_path *path = d->opts.path;

	array_init(out);
	path->unresolved = path->target_count;
	path->done = false;
	/* with RECORDS all is read: a structure declared after the values asked is for the values
	 * that follow in a stream */
	path->stop_early = d->opts.path_stop_early && !d->opts.records;
	if (!walk(d, path, path->root, Z_ARRVAL_P(out))) {
		return false;
	}
	if (path->done) {
		d->pos = d->end; /* the rest is not read, and so not refused as trailing bytes */
	}
	return true;
}

/* ---- in a value decoded ------------------------------------------------------------------------ */

/* Whether the property table's key name is the property named (len bytes): a private or
 * protected one's key is "\0Class\0name" or "\0*\0name". A key that starts with NUL and has no
 * second NUL (a map read as a stdClass may have any key) names no property but itself, checked
 * before: zend_unmangle_property_name_ex() would raise a notice for it. */
static bool property_named(const zend_string *name, const char *named, size_t len)
{
	const char *p = ZSTR_VAL(name), *end = p + ZSTR_LEN(name), *rest;

	if (ZSTR_LEN(name) < 3 || p[0] != '\0' || p[1] == '\0'
			|| (rest = memchr(p + 1, '\0', ZSTR_LEN(name) - 1)) == NULL) {
		return false;
	}
	rest++;
	return (size_t) (end - rest) == len && memcmp(rest, named, len) == 0;
}

/* The property of obj named by the step (any visibility: PECL's format writes them all). */
static zval *property_of(zend_object *obj, const zend_string *key, zend_ulong index)
{
	HashTable *props = obj->handlers->get_properties(obj);
	zend_string *name, *owned = NULL;
	zval *v, *hit = NULL;

	if (props == NULL) {
		return NULL;
	}
	if (key == NULL) {
		key = owned = zend_long_to_str((zend_long) index);
	}
	/* the name as the table has it first: a map read as a stdClass (MAPS_AS_OBJECTS) may have
	 * keys that read as mangled ("\0*\0b"), which the walk in the bytes matches as they are */
	hit = zend_hash_find_ind(props, (zend_string *) key);
	if (hit == NULL) {
		ZEND_HASH_FOREACH_STR_KEY_VAL_IND(props, name, v) {
			if (name != NULL && property_named(name, ZSTR_VAL(key), ZSTR_LEN(key))) {
				hit = v;
				break;
			}
		} ZEND_HASH_FOREACH_END();
	}
	if (owned) {
		zend_string_release(owned);
	}
	return hit;
}

/* The value under v (an array or an object; with maps_only a stdClass only) that node's step
 * names; NULL with *why when none. */
static zval *step_into(const msgpack_path_node *node, zval *v, bool maps_only, msgpack_path_missing *why)
{
	zval *next;

	ZVAL_DEREF(v);
	if (Z_TYPE_P(v) == IS_OBJECT && maps_only && Z_OBJCE_P(v) != zend_standard_class_def) {
		next = NULL;
		*why = MSGPACK_PATH_NO_CONTAINER;
	} else if (Z_TYPE_P(v) == IS_ARRAY) {
		next = node->key ? zend_hash_find(Z_ARRVAL_P(v), node->key) : zend_hash_index_find(Z_ARRVAL_P(v), node->index);
		*why = node->key || !zend_array_is_list(Z_ARRVAL_P(v)) ? MSGPACK_PATH_NO_KEY : MSGPACK_PATH_NO_INDEX;
	} else if (Z_TYPE_P(v) == IS_OBJECT) {
		next = property_of(Z_OBJ_P(v), node->key, node->index);
		*why = MSGPACK_PATH_NO_KEY;
	} else {
		next = NULL;
		*why = MSGPACK_PATH_NO_CONTAINER;
	}
	return next;
}

/* The paths under top taken in v, top's value (its own targets are set already); with maps_only
 * into arrays and stdClass objects only. */
static void navigate(msgpack_path *path, msgpack_path_node *top, zval *v, HashTable *found, size_t at, bool maps_only)
{
	msgpack_path_node *node = next_node(top, top, true);

	top->value = v;
	while (node) {
		msgpack_path_missing why;
		zval *next = step_into(node, node->parent->value, maps_only, &why);
		if (next == NULL) {
			mark_missing(path, node, why, at);
			node = next_node(top, node, false);
			continue;
		}
		ZVAL_DEREF(next);
		node->value = next;
		set_found(path, node, found, next);
		node = next_node(top, node, true);
	}
}

void msgpack_path_navigate(msgpack_path *path, zval *root, HashTable *found, size_t at)
{
	ZVAL_DEREF(root);
	set_found(path, path->root, found, root);
	navigate(path, path->root, root, found, at, false);
}
