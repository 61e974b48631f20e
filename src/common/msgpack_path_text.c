/*
 * Paths in messages: where in a value a problem is, or which step of a path is missing, as
 * MsgPack\UnpackException::getPath() and the messages of typed and partial decoding say it.
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "common/msgpack_path_text.h"

#define QUOTE_MAX 64

static bool is_identifier(const unsigned char *p, size_t len)
{
	if (len == 0 || len > QUOTE_MAX || !((p[0] >= 'a' && p[0] <= 'z') || (p[0] >= 'A' && p[0] <= 'Z') || p[0] == '_')) {
		return false;
	}
	for (size_t i = 1; i < len; i++) {
		unsigned char c = p[i];
		if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_')) {
			return false;
		}
	}
	return true;
}

void msgpack_append_quoted(smart_str *s, const unsigned char *p, size_t len)
{
	static const char hex[] = "0123456789abcdef";
	size_t n = len > QUOTE_MAX ? QUOTE_MAX : len;

	smart_str_appendc(s, '"');
	for (size_t i = 0; i < n; i++) {
		unsigned char c = p[i];
		if (c == '"' || c == '\\') {
			smart_str_appendc(s, '\\');
			smart_str_appendc(s, (char) c);
		} else if (c < 0x20 || c == 0x7f) {
			smart_str_appendl(s, "\\x", 2);
			smart_str_appendc(s, hex[c >> 4]);
			smart_str_appendc(s, hex[c & 15]);
		} else {
			smart_str_appendc(s, (char) c);
		}
	}
	if (n < len) {
		smart_str_appendl(s, "...", 3);
	}
	smart_str_appendc(s, '"');
}

void msgpack_path_append_step(smart_str *s, const unsigned char *key, size_t key_len, zend_long index)
{
	if (key == NULL) {
		smart_str_appendc(s, '[');
		smart_str_append_long(s, index);
		smart_str_appendc(s, ']');
	} else if (is_identifier(key, key_len)) {
		smart_str_appendc(s, '.');
		smart_str_appendl(s, (const char *) key, key_len);
	} else {
		smart_str_appendc(s, '[');
		msgpack_append_quoted(s, key, key_len);
		smart_str_appendc(s, ']');
	}
}

zend_string *msgpack_path_string(HashTable *steps, uint32_t count)
{
	smart_str s = {0};
	zval *step;
	uint32_t n = 0;

	smart_str_appendc(&s, '$');
	ZEND_HASH_FOREACH_VAL(steps, step) {
		if (n++ == count) {
			break;
		}
		ZVAL_DEREF(step);
		if (Z_TYPE_P(step) == IS_LONG) {
			msgpack_path_append_step(&s, NULL, 0, Z_LVAL_P(step));
		} else if (Z_TYPE_P(step) == IS_STRING) {
			msgpack_path_append_step(&s, (const unsigned char *) Z_STRVAL_P(step), Z_STRLEN_P(step), 0);
		}
	} ZEND_HASH_FOREACH_END();
	return smart_str_extract(&s);
}

