/* Paths in messages (msgpack_path_text.c): "$", then ".name" for a key that is a name,
 * ["any key"] for another, [3] for an index or an int key: "$.items[3].price". */
#ifndef MSGPACK_PATH_TEXT_H
#define MSGPACK_PATH_TEXT_H

#include "php.h"
#include "zend_smart_str.h"

/* One step: the key's bytes (key_len of them), or with key NULL the index. */
void msgpack_path_append_step(smart_str *s, const unsigned char *key, size_t key_len, zend_long index);
/* "$" and the first count steps of a path given as an array (ints and strings). */
zend_string *msgpack_path_string(HashTable *steps, uint32_t count);
/* "bytes" as they go in a message: \" and \\ escaped, control bytes as \xNN, cut after 64
 * bytes ("..."): the input may hold keys of megabytes. */
void msgpack_append_quoted(smart_str *s, const unsigned char *p, size_t len);

#endif
