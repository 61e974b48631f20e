/*
 * Plans of typed decoding (MsgPack\unpackAs()) and of the MsgPack\ packer's attributes: what a
 * declared PHP type reads from each MessagePack type, and how a class is laid out (its public
 * properties, their keys after #[MsgPack\Name], their slots and types, #[MsgPack\AsList]).
 *
 * A class's plan is made once per request and kept in the module globals (msgpack_plans_free()
 * at RSHUTDOWN); it holds pointers into classes, which live as long as the request. Type strings
 * ("list<Order>", "?int") are parsed once and kept too. Nothing here reads MessagePack: the
 * decoder (unpack_typed.c) and the encoder (pack_object.c) use the plans.
 */
#ifndef MSGPACK_PLAN_H
#define MSGPACK_PLAN_H

#include "php.h"
#include "common/msgpack_format.h"

/* The attribute classes (msgpack.stub.php), registered by the module. */
extern zend_class_entry *msgpack_attr_name_ce;    /* MsgPack\Name */
extern zend_class_entry *msgpack_attr_as_list_ce; /* MsgPack\AsList */
extern zend_class_entry *msgpack_attr_list_of_ce; /* MsgPack\ListOf */
extern zend_class_entry *msgpack_attr_map_of_ce;  /* MsgPack\MapOf */

/* The members a type can have (msgpack_type.members). */
#define MSGPACK_TM_NULL      (1u << 0)
#define MSGPACK_TM_FALSE     (1u << 1)
#define MSGPACK_TM_TRUE      (1u << 2)
#define MSGPACK_TM_INT       (1u << 3)
#define MSGPACK_TM_FLOAT     (1u << 4)
#define MSGPACK_TM_STRING    (1u << 5)
#define MSGPACK_TM_ARRAY     (1u << 6)  /* array: any map or list, read as unpack() reads it */
#define MSGPACK_TM_MIXED     (1u << 7)
#define MSGPACK_TM_LIST      (1u << 8)  /* list<T> */
#define MSGPACK_TM_MAP       (1u << 9)  /* array<K, V> */
#define MSGPACK_TM_CLASS     (1u << 10) /* objects of a class, from maps */
#define MSGPACK_TM_LIST_CLASS (1u << 11) /* objects of an #[AsList] class, from arrays */
#define MSGPACK_TM_ENUM      (1u << 12)
#define MSGPACK_TM_DATE      (1u << 13) /* DateTimeInterface, DateTimeImmutable, DateTime */
#define MSGPACK_TM_BIN       (1u << 14) /* MsgPack\Bin */
#define MSGPACK_TM_EXT       (1u << 15) /* MsgPack\Ext */
#define MSGPACK_TM_TIMESTAMP (1u << 16) /* MsgPack\Timestamp */
#define MSGPACK_TM_BOOL      (MSGPACK_TM_FALSE | MSGPACK_TM_TRUE)

/* What a type does with each MessagePack type (msgpack_type.on[mp_type]): one action per type
 * of the wire, so that a union is resolved by one lookup. */
typedef enum _msgpack_type_action {
	MSGPACK_TA_NONE = 0,  /* not accepted: "Expected T, got ..." */
	MSGPACK_TA_MIXED,     /* any value, decoded as unpack() decodes it */
	MSGPACK_TA_NULL,
	MSGPACK_TA_BOOL,      /* members say which of false and true */
	MSGPACK_TA_INT,
	MSGPACK_TA_FLOAT,     /* a float, or an int made a float */
	MSGPACK_TA_STRING,    /* str or bin */
	MSGPACK_TA_ENUM,      /* int: int_enum; str: str_enum; map: a pure enum's {name: "Case"} */
	MSGPACK_TA_ARRAY,     /* a map or list as unpack() reads it (the result an array) */
	MSGPACK_TA_LIST,      /* list<T> from an array */
	MSGPACK_TA_MAP,       /* array<K, V> from a map, or from an array when K takes ints */
	MSGPACK_TA_OBJECT,    /* map: map_class; array: list_class */
	MSGPACK_TA_EXT,       /* -1: a date or MsgPack\Timestamp if a member, else MsgPack\Ext */
	MSGPACK_TA_BIN,       /* MsgPack\Bin from bin */
} msgpack_type_action;

#define MSGPACK_KEY_INT    1
#define MSGPACK_KEY_STRING 2

typedef struct _msgpack_class_plan msgpack_class_plan;
typedef struct _msgpack_plan_cache msgpack_plan_cache;
typedef struct _msgpack_enum_plan msgpack_enum_plan;

typedef struct _msgpack_type {
	uint32_t members;              /* MSGPACK_TM_* */
	uint8_t on[MP_TYPE_NEVER + 1]; /* msgpack_type_action per mp_type */
	uint8_t map_key;               /* MAP: MSGPACK_KEY_INT and/or MSGPACK_KEY_STRING */
	struct _msgpack_type *elem;    /* LIST: the elements' type (owned) */
	struct _msgpack_type *value;   /* MAP: the values' type (owned) */
	msgpack_class_plan *map_class;  /* CLASS */
	msgpack_class_plan *list_class; /* LIST_CLASS */
	msgpack_enum_plan *int_enum;   /* an int-backed enum */
	msgpack_enum_plan *str_enum;   /* a string-backed enum, or a pure enum (by case name) */
	zend_class_entry *date_ce;     /* DATE: the class made (DateTimeImmutable for the interface) */
	zend_string *text;             /* the type as errors name it: "?int", "list<Order>" */
} msgpack_type;

/* A backed enum's cases by value, a pure enum's by name: the case objects (the class holds them). */
#define MSGPACK_ENUM_SCAN 8 /* up to this many string cases are compared in turn, not hashed */
struct _msgpack_enum_plan {
	zend_class_entry *ce;
	uint8_t backing;   /* IS_LONG, IS_STRING, or IS_UNDEF for a pure enum */
	HashTable cases;   /* value or name -> zend_object * */
	/* string values or names, when there are at most MSGPACK_ENUM_SCAN (else count is 0) */
	uint32_t count;
	zend_string *names[MSGPACK_ENUM_SCAN];
	zend_object *objects[MSGPACK_ENUM_SCAN];
};

/* A property of a class's shape. */
typedef struct _msgpack_prop_plan {
	zend_string *key;        /* its key in a map: the #[Name]'s, else the property's name */
	zend_string *name;       /* the property's name */
	uint32_t offset;         /* of its slot in the object (OBJ_PROP()) */
	uint32_t slot;           /* its index among the slots */
	zend_property_info *info;
	msgpack_type *type;      /* decoding (plan_types() of msgpack_plan.c); NULL before */
	zval default_value;      /* a promoted property's constructor default, else UNDEF */
} msgpack_prop_plan;

#define MSGPACK_PLAN_TYPES_NONE     0
#define MSGPACK_PLAN_TYPES_BUILDING 1 /* being made: a class met again refers to the plan as it is */
#define MSGPACK_PLAN_TYPES_READY    2

/* A class's shape: its public, non-static properties with a slot (inherited included), in slot
 * order (what MsgPack\pack() writes for an object), and for decoding their types. */
struct _msgpack_class_plan {
	zend_class_entry *ce;
	zend_string *error;      /* an attribute that cannot be applied (the shape is then empty) */
	uint32_t count;
	msgpack_prop_plan *props;
	bool as_list;            /* #[AsList]: written and read as the array of the values */
	bool renamed;            /* a #[Name] gives a property another key */
	uint8_t types;           /* MSGPACK_PLAN_TYPES_* */
	/* the shape is being made: an attribute's argument (#[Name(K::NAME)]) ran user code (an
	 * autoloader) that asked for this class again; such a request is refused, never served a
	 * half-made shape */
	bool shaping;
	/* decoding: objects are made as a copy of the class's defaults (none refcounted, no
	 * constant expression left), without object_init_ex()'s checks */
	bool copy_defaults;
	uint64_t all_props;      /* a bit per property, when there are at most 64 (else 0) */
	/* key -> index + 1 in props, for the keys the order does not guess */
	HashTable by_key;
	/* For the encoder: per slot of the class (default_properties_count of them), the key of the
	 * property in that slot, NULL where it is not in the shape; NULL if the plan is plain. */
	zend_string **slot_keys;
	uint32_t slot_count;
};

/* The class's plan (its shape), made on first use; NULL with an exception pending when an
 * attribute's argument failed (an attribute misused is in plan->error). The caller refuses a plan
 * whose shaping is set (asked for again by user code that its making ran). */
msgpack_class_plan *msgpack_class_plan_get(zend_class_entry *ce);

/* The class's plan, or NULL for a class without #[Name] or #[AsList] (to be packed as before):
 * what the encoder asks for each object, kept for the last class asked (in the module globals,
 * so that the encoder compares the last plain one without a call: MSGPACK_PLAN_FOR_PACK_IS_PLAIN()). NULL with
 * an exception pending when an attribute's argument failed; a plan whose shaping is set when
 * user code its making runs asks (the encoder refuses the object, msgpack_encode_status). */
msgpack_class_plan *msgpack_class_plan_for_pack(zend_class_entry *ce);
#define MSGPACK_PLAN_FOR_PACK_IS_PLAIN(ce) (MSGPACK_G(pack_plain_ce) == (ce))

/* The type a type string names ("Order", "list<Order>", "?int", "array<string, int|string>"),
 * with the plans of the classes it names ready for decoding. NULL on failure: *error is the
 * reason, a phrase to follow "Argument #N ($type) "; or *too_deep the class whose plan the C
 * stack could not hold (its properties name classes nested too deeply: the caller throws an
 * Error); or neither, with an exception pending (an autoloader's, a constant expression's). The
 * caller releases *error and *too_deep. *owned: the caller frees the type after use
 * (msgpack_type_free()); otherwise it is cached for the request. */
msgpack_type *msgpack_type_from_string(zend_string *spec, zend_string **error, bool *owned, zend_string **too_deep);
void msgpack_type_free(msgpack_type *t);

/* Registers the attribute classes as attributes (MINIT). */
void msgpack_plan_register_attributes(zend_class_entry *name, zend_class_entry *as_list, zend_class_entry *list_of,
	zend_class_entry *map_of);

/* A date of PHP's own DateTimeImmutable or DateTime (ce) in UTC, made as the clone of one made
 * once per request: the slow way (msgpack_timestamp_to_date()) costs ten times as much. NULL for
 * another class. */

/* Releases the plans and the cached types (RSHUTDOWN). */
void msgpack_plans_free(void);

/* Between calls, plans past MSGPACK_PLANS_MAX (classes, enums, type strings) are all dropped, to be
 * made again as needed, so that a long-running worker meeting ever new classes and type strings
 * holds a bounded number of them: by the encoder before a value, by msgpack_type_from_string()
 * before its lookup, never while an encode or a decode runs (msgpack_codec_enter()), which may
 * hold plans. */
#define MSGPACK_PLANS_MAX 1024
void msgpack_plans_trim(void);
/* An encode or a decode runs (msgpack_encode(), msgpack_decode(), nested ones too). */
static zend_always_inline void msgpack_codec_enter(void)
{
	MSGPACK_G(codec_calls)++;
}
static zend_always_inline void msgpack_codec_leave(void)
{
	MSGPACK_G(codec_calls)--;
}

#endif
