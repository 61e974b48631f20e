<?php

/**
 * @generate-class-entries
 * @undocumentable
 */

namespace {
    /**
     * Option id for MessagePack::setOption() and MessagePackUnpacker::setOption(): a true value
     * writes and reads PHP objects, references and back-references in PECL msgpack's format
     * (the `msgpack.php_only` setting, per object). Same value as MessagePack::OPT_PHPONLY.
     * @var int
     * @cvalue MSGPACK_OPT_PHPONLY
     */
    const MESSAGEPACK_OPT_PHPONLY = UNKNOWN;
    /**
     * Option id for setOption(): a true value reads maps as arrays, false as stdClass (and packs a
     * stdClass as a plain map); the `msgpack.assoc` setting, per object. Same value as
     * MessagePack::OPT_ASSOC.
     * @var int
     * @cvalue MSGPACK_OPT_ASSOC
     */
    const MESSAGEPACK_OPT_ASSOC = UNKNOWN;
    /**
     * Option id for MessagePack::setOption(): a true value writes every float as float32 (the
     * `msgpack.force_f32` setting, per object). Packing only: MessagePackUnpacker::setOption()
     * refuses it. Same value as MessagePack::OPT_FORCE_F32.
     * @var int
     * @cvalue MSGPACK_OPT_FORCE_F32
     */
    const MESSAGEPACK_OPT_FORCE_F32 = UNKNOWN;

    /**
     * Packs a value as PECL msgpack does (the compatible API), with the `msgpack.*` INI settings:
     * with `msgpack.php_only` on (the default) objects and references in PECL's format, which
     * other languages do not read; for them use MsgPack\pack().
     *
     * Errors are warnings (while `msgpack.error_display` is on): a resource is written as nil with
     * a warning; nesting deeper than `msgpack.max_depth` gives a warning and false. Exceptions of
     * user code (__serialize(), __sleep(), JsonSerializable) and of PHP (a Closure) propagate.
     *
     * @param mixed $value any value
     * @return string|false the bytes, or false after a warning
     * @throws \Exception when PHP refuses to serialize an object (a Closure, an anonymous class)
     */
    function msgpack_serialize(mixed $value): string|false {}

    /**
     * Unpacks one value as PECL msgpack does (the compatible API), with the `msgpack.*` INI
     * settings. Invalid or truncated bytes give a warning and false; "" gives null; trailing
     * bytes give a warning ("Extra bytes") and the value. Instantiates the classes the bytes
     * name, as unserialize() does: do not give it untrusted bytes (use MsgPack\unpack()).
     *
     * @param string $str the bytes of one value
     * @param object|string|array|null $object a template (PECL's converter): an object or a class
     *        name to fill, or an array template such as `[Foo::class]`
     * @psalm-param object|class-string|array|null $object
     * @return mixed the value; false after a warning
     * @throws \TypeError when $object is of another type
     * @throws \Error for a template of an abstract or missing class
     */
    function msgpack_unserialize(string $str, mixed $object = null): mixed {}

    /**
     * Packs a value as PECL msgpack does: an alias of msgpack_serialize().
     *
     * @param mixed $value any value
     * @return string|false the bytes, or false after a warning
     * @throws \Exception when PHP refuses to serialize an object (a Closure, an anonymous class)
     * @alias msgpack_serialize
     */
    function msgpack_pack(mixed $value): string|false {}

    /**
     * Unpacks one value as PECL msgpack does: an alias of msgpack_unserialize().
     *
     * @param string $str the bytes of one value
     * @param object|string|array|null $object a template: an object, a class name or an array
     * @psalm-param object|class-string|array|null $object
     * @return mixed the value; false after a warning
     * @throws \TypeError when $object is of another type
     * @throws \Error for a template of an abstract or missing class
     * @alias msgpack_unserialize
     */
    function msgpack_unpack(string $str, mixed $object = null): mixed {}

    /**
     * The compatible API's packer and unpacker with options of its own (PECL msgpack's class).
     * php_only, assoc and force_f32 are taken from the INI settings when it is made (php_only
     * from $opt) and changed by setOption(); the other `msgpack.*` settings (max_depth,
     * use_str8_serialization, error_display, ...) are read at each call. Errors are warnings and
     * false, as with msgpack_pack()/msgpack_unpack().
     */
    class MessagePack
    {
        /**
         * Option id for setOption(): PHP objects and references in PECL's format (php_only).
         * @var int
         * @cvalue MSGPACK_OPT_PHPONLY
         */
        public const OPT_PHPONLY = UNKNOWN;
        /**
         * Option id for setOption(): maps read as arrays when true, as stdClass when false.
         * @var int
         * @cvalue MSGPACK_OPT_ASSOC
         */
        public const OPT_ASSOC = UNKNOWN;
        /**
         * Option id for setOption(): every float written as float32 when true.
         * @var int
         * @cvalue MSGPACK_OPT_FORCE_F32
         */
        public const OPT_FORCE_F32 = UNKNOWN;

        /**
         * @param bool $opt php_only: write and read PHP objects and references in PECL's format.
         *        Default: the `msgpack.php_only` INI setting (on unless changed).
         */
        public function __construct(bool $opt = UNKNOWN) {}

        /**
         * Sets one option of this object; the value is taken as a bool.
         *
         * @param int $option OPT_PHPONLY, OPT_ASSOC or OPT_FORCE_F32
         * @param mixed $value on or off
         * @return bool true; false and a warning for an unknown option id
         */
        public function setOption(int $option, mixed $value): bool {}

        /**
         * Packs a value as msgpack_pack() does, with this object's options.
         *
         * @param mixed $value any value
         * @return string|false the bytes, or false after a warning
         * @throws \Exception when PHP refuses to serialize an object (a Closure, an anonymous class)
         */
        public function pack(mixed $value): string|false {}

        /**
         * Unpacks one value as msgpack_unpack() does, with this object's options.
         *
         * @param string $str the bytes of one value
         * @param object|string|array|null $object a template: an object, a class name or an array
         * @psalm-param object|class-string|array|null $object
         * @return mixed the value ("" gives null); false after a warning
         * @throws \TypeError when $object is of another type
         * @throws \Error for a template of an abstract or missing class
         */
        public function unpack(string $str, mixed $object = null): mixed {}

        /**
         * A new stream unpacker with this object's php_only and assoc options.
         */
        public function unpacker(): MessagePackUnpacker {}
    }

    /**
     * The compatible API's stream unpacker (PECL msgpack's class): feed() bytes as they come,
     * execute() until it returns true, take the value with data(), reset() before the next one:
     * `while ($u->execute()) { $v = $u->data(); $u->reset(); }`. It cannot be cloned or
     * serialized; using it from code its own decode runs (__wakeup(), an autoloader) is an Error.
     * @not-serializable
     */
    class MessagePackUnpacker
    {
        /**
         * @param bool $opt php_only: read PHP objects and references in PECL's format.
         *        Default: the `msgpack.php_only` INI setting (on unless changed); assoc comes from
         *        `msgpack.assoc`.
         */
        public function __construct(bool $opt = UNKNOWN) {}

        /** Releases the buffer and the value (as PECL's); the object stays usable. */
        public function __destruct() {}

        /**
         * Sets one option: OPT_PHPONLY or OPT_ASSOC (the value taken as a bool).
         *
         * @param int $option MessagePack::OPT_PHPONLY or MessagePack::OPT_ASSOC
         * @param mixed $value on or off
         * @return bool true; false and a warning for another id (OPT_FORCE_F32 included)
         */
        public function setOption(int $option, mixed $value): bool {}

        /**
         * Appends bytes to the buffer that execute() without arguments reads.
         *
         * @param string $str the next bytes of the stream
         * @return bool always true
         * @throws \Error when called from code this unpacker's own decode runs
         */
        public function feed(string $str): bool {}

        // as PECL msgpack's: no argument reads the fed bytes; null is "" (with PHP's deprecation)
        /**
         * Decodes until a whole value has arrived. Without arguments it reads the fed bytes;
         * with $str it reads that string from $offset (0 when omitted or null) and moves $offset
         * past what it consumed (on an incomplete value: the whole items and the head of the
         * item the string ends in; pass the bytes from $offset on again with more).
         *
         * @param string $str bytes to read instead of the fed ones (default: the fed bytes)
         * @param int|null $offset where to start in $str; set to where it stopped
         * @return bool true when a value is ready for data(); false when more bytes are needed,
         *         the bytes are invalid (no warning), or the value could not be built
         * @throws \ValueError when $offset is outside $str
         * @throws \TypeError when $offset is neither an int nor null
         * @throws \Error when called from code this unpacker's own decode runs
         */
        public function execute(string $str = UNKNOWN, &$offset = null): bool {}

        /**
         * The value of the last successful execute(), once.
         *
         * @param object|string|array|null $object a template: an object, a class name or an array
         * @psalm-param object|class-string|array|null $object
         * @return mixed the value; false when there is none
         * @throws \TypeError when $object is of another type
         * @throws \Error for a template of an abstract or missing class
         */
        public function data(mixed $object = null): mixed {}

        /**
         * Forgets the value in progress and keeps the fed bytes not yet consumed (as PECL's), and
         * drops an invalid byte the fed bytes stopped at, so that the stream can go on.
         *
         * @throws \Error when called from code this unpacker's own decode runs
         */
        public function reset(): void {}
    }
}

namespace MsgPack {
    /**
     * A MessagePack ext value of any type, as it is on the wire: packed as that ext, and what an
     * ext without a decoder (and Unpacker::unpackExt()) reads as.
     * @strict-properties
     */
    final class Ext
    {
        /** The ext type, -128..127 (-1 is the timestamp). */
        public readonly int $type;
        /** The payload bytes. */
        public readonly string $data;

        /**
         * @param int $type -128..127
         * @param string $data the payload
         * @throws \ValueError when $type is outside -128..127
         */
        public function __construct(int $type, string $data) {}
    }

    /**
     * A MessagePack timestamp (ext -1): seconds since the Unix epoch and nanoseconds. Packed in
     * the shortest of the spec's three forms; what ext -1 reads as (DateTimeImmutable with
     * Unpacker::TIMESTAMP_AS_DATETIME).
     * @strict-properties
     */
    final class Timestamp
    {
        /**
         * Seconds since 1970-01-01 00:00:00 UTC (negative before): an int, but on 32-bit PHP,
         * where an int has 32 bits, a float (a whole number) beyond PHP_INT_MIN..PHP_INT_MAX.
         */
        public readonly int|float $seconds;
        /** Nanoseconds, 0..999999999. */
        public readonly int $nanoseconds;

        /**
         * @param int|float $seconds seconds since the Unix epoch; a float must be a whole number
         *        within the 64-bit range (beyond PHP_INT_MAX on 32-bit PHP)
         * @param int $nanoseconds 0..999999999
         * @throws \ValueError when $seconds is a float that is no whole number of the 64-bit
         *         range, or $nanoseconds is outside 0..999999999
         */
        public function __construct(int|float $seconds, int $nanoseconds = 0) {}

        /**
         * The time now, from the wall clock, to the precision the system gives.
         *
         * @throws \Error when the system clock cannot be read
         */
        public static function now(): Timestamp {}

        /**
         * The instant of a DateTime (the time zone does not matter); the nanoseconds are a
         * multiple of 1000, since PHP keeps microseconds.
         *
         * @throws \Error when the object was not initialized by its constructor
         */
        public static function fromDateTime(\DateTimeInterface $dateTime): Timestamp {}

        /**
         * The instant as a DateTimeImmutable in UTC, the nanoseconds cut to microseconds.
         *
         * @throws \Error on a Timestamp not initialized by its constructor
         */
        public function toDateTime(): \DateTimeImmutable {}
    }

    /**
     * A string packed as MessagePack bin (not str), whatever the packer's flags.
     * @strict-properties
     */
    final class Bin
    {
        /** The bytes. */
        public readonly string $data;

        /** @param string $data any bytes, packed as bin */
        public function __construct(string $data) {}
    }

    /**
     * An array packed as a MessagePack map, even a list or an empty array (`[]` is `80`).
     * @strict-properties
     */
    final class Map
    {
        /** The array; its keys are the map's keys. */
        public readonly array $value;

        /** @param array $value any array, packed as a map */
        public function __construct(array $value) {}
    }

    /**
     * Attribute: the key of a public property in a map, for MsgPack\pack(), Packer and
     * unpackAs() (MsgPack\Unpacker::unpackAs()); the compatible API ignores it. Without it the key
     * is the property's name. Two properties of one class may not have the same key.
     *
     * `#[MsgPack\Name('order_id')] public int $orderId;`
     * @strict-properties
     */
    final class Name
    {
        /** The key. */
        public readonly string $name;

        /** @param string $name the key in the map */
        public function __construct(string $name) {}
    }

    /**
     * Attribute: the objects of the class are written and read as the array of their public
     * properties' values, in declaration order (inherited ones first), instead of a map: what
     * msgspec calls array_like. Read from a shorter array, the properties left out take their
     * defaults; a longer array is an error. Not inherited by subclasses.
     * @strict-properties
     */
    final class AsList
    {
    }

    /**
     * Attribute: unpackAs() reads the array property as a list of this type (`list<T>`): a
     * MessagePack array whose values are each checked. Packing is not changed.
     *
     * `#[MsgPack\ListOf(Item::class)] public array $items;`
     * @strict-properties
     */
    final class ListOf
    {
        /** The type of the values: a class name or a type string ('int', '?Item', 'list<int>'). */
        public readonly string $type;

        /** @param string $type a class name or a type string */
        public function __construct(string $type) {}
    }

    /**
     * Attribute: unpackAs() reads the array property as a map of this type (`array<T>`): a
     * MessagePack map (or array) whose values are each checked, its keys ints or strings.
     * Packing is not changed.
     *
     * `#[MsgPack\MapOf(Price::class)] public array $prices;`
     * @strict-properties
     */
    final class MapOf
    {
        /** The type of the values: a class name or a type string. */
        public readonly string $type;

        /** @param string $type a class name or a type string */
        public function __construct(string $type) {}
    }

    /** Base of the exceptions of the MsgPack\ API. */
    class Exception extends \RuntimeException
    {
    }

    /**
     * A value that cannot be packed: a resource, an object PHP may not serialize (a Closure, a
     * Generator, an anonymous class) without an extension or transformer for it, a cycle, nesting deeper than `msgpack.max_depth`, an encoder that returns no string, a
     * save callback that returns false, transformers that loop.
     */
    class PackException extends Exception
    {
    }

    /**
     * Bytes that are not valid MessagePack, or not what was asked for: getPosition() is the byte
     * offset of the problem (in a stream, counted from the first byte fed since the unpacker was
     * made or reset()).
     */
    class UnpackException extends Exception
    {
        /** The byte offset getPosition() returns. */
        protected int $position = 0;
        /** The path getPath() returns. */
        protected string $path = '';

        /** The byte offset of the problem, the one the message names. */
        public function getPosition(): int {}

        /**
         * Where in the value the problem is, for unpackAs() and a PathException: `$` is the
         * value itself, `.name` a map key (`["odd key"]` for a key that is no identifier), `[3]`
         * an index or an int key, e.g. `$.items[3].price`. '' for the other errors of unpack()
         * and the other readers.
         */
        public function getPath(): string {}
    }

    /**
     * The input ends inside a value: getPosition() is the offset of the item it ends in. In a
     * stream nothing was consumed: feed more bytes and call again.
     */
    class InsufficientDataException extends UnpackException
    {
    }

    /**
     * A path given to unpack(), unpackAs() or unpackPaths() is not in the value: getPath() is
     * the path up to its first step that is missing (`$.statuses[50].user.nickname`),
     * getPosition() the byte offset of the value that step is not in (the map without the key,
     * the list too short, or the value that is no map or list; with PHP_OBJECTS, where the path
     * is taken in the decoded value, the offset of the whole value).
     */
    class PathException extends UnpackException
    {
    }

    /**
     * Packs one value as plain MessagePack (other languages read it), with the flags of Packer.
     * Nothing is returned on an error: it throws.
     *
     * @param mixed $value any value but a resource (see Packer::pack())
     * @param int $flags a combination of the Packer constants (BIN_STRINGS, DETECT_BIN, FLOAT32,
     *        FLOAT32_DECIMAL_FIT, ARRAYS_AS_MAPS, PHP_OBJECTS, RECORDS, SEQUENTIAL)
     * @psalm-param int-mask-of<Packer::*> $flags
     * @return string the bytes
     * @throws PackException when the value cannot be packed
     * @throws \ValueError for unknown flag bits or flags that cannot be combined (BIN_STRINGS with
     *         DETECT_BIN, FLOAT32 with FLOAT32_DECIMAL_FIT, RECORDS with PHP_OBJECTS, SEQUENTIAL
     *         without RECORDS)
     */
    function pack(mixed $value, int $flags = 0): string {}

    /**
     * Unpacks exactly one value: all of $data, no more, no less. No class is instantiated
     * (MAPS_AS_OBJECTS gives stdClass): with PHP_OBJECTS the objects become
     * __PHP_Incomplete_Class; use an Unpacker to allow classes.
     *
     * With $path, only the value at that path: a list of map keys and list indexes, such as
     * `['statuses', 50, 'user', 'screen_name']`, the value there decoded as a whole value would
     * be. Only the maps and lists on the way are read, and of them only their keys: every other
     * item is stepped over by its header and checked for its framing alone (bytes that unpack()
     * of the whole value refuses, such as an invalid key or timestamp, pass where the path does
     * not go). A step is an int (a list index or an int key) or a string key; a numeric string
     * is the int key, as in a PHP array. Of a key given twice the last one counts, as unpack()
     * decides. Through a record (RECORDS) the steps are its field names; with PHP_OBJECTS the
     * whole value is decoded first and the path taken in it, objects by property name.
     *
     * @param string $data the bytes of one value
     * @param int $flags a combination of the Unpacker constants
     * @param array|null $path the value to return, by the keys and indexes leading
     *        to it ([] or null: all of it)
     * @psalm-param list<int|string>|null $path
     * @psalm-param int-mask-of<Unpacker::*> $flags
     * @return mixed the value (at $path)
     * @throws InsufficientDataException when $data ends inside the value
     * @throws UnpackException for invalid bytes, trailing bytes, nesting deeper than 4096
     *         levels, an invalid map key or timestamp
     * @throws PathException when $path is not in the value
     * @throws Exception with BIGINT_AS_GMP when ext/gmp is not loaded
     * @throws \ValueError for unknown flag bits, BIGINT_AS_GMP with BIGINT_AS_FLOAT, RECORDS with
     *         PHP_OBJECTS
     * @throws \TypeError when $path holds a step that is neither an int nor a string
     */
    function unpack(string $data, int $flags = 0, ?array $path = null): mixed {}

    /**
     * The values at several paths of one value, read in one pass over $data: unpack() with a
     * path, for each of $paths. Paths that start alike share their first steps; of the rest of
     * the value nothing is built.
     *
     * `unpackPaths($bytes, ['name' => ['user', 'name'], 'plan' => ['account', 'plan']])`
     * returns `['name' => ..., 'plan' => ...]`.
     *
     * @param string $data the bytes of one value
     * @param array $paths the paths (see unpack()), by name
     * @psalm-param array<array-key, list<int|string>> $paths
     * @param int $flags a combination of the Unpacker constants
     * @param mixed $default the value of a path that is not there (without it: PathException)
     * @psalm-param int-mask-of<Unpacker::*> $flags
     * @return array the value at each path, by the names of $paths, in their
     *         order
     * @throws InsufficientDataException when $data ends inside the value
     * @throws UnpackException as unpack()
     * @throws PathException without $default, for the first of $paths (in their order) that
     *         is not in the value
     * @throws Exception with BIGINT_AS_GMP when ext/gmp is not loaded
     * @throws \ValueError for unknown flag bits, or flags unpack() refuses
     * @throws \TypeError when a path is not an array, or holds a step that is neither an int
     *         nor a string
     */
    function unpackPaths(string $data, array $paths, int $flags = 0, mixed $default = UNKNOWN): array {}

    /**
     * Unpacks exactly one value (all of $data) into the declared type $type, checking each item
     * against it as it is read: the typed counterpart of unpack(), safe on untrusted input (only
     * the classes $type names, and those its properties name, are ever instantiated; no class
     * name is read from the input).
     *
     * $type is a class name or a type as PHPDoc writes them: `int`, `float`, `string`, `bool`,
     * `true`, `false`, `null`, `mixed`, `array`, `?T`, `T|U`, `list<T>`, `array<T>`,
     * `array<K, V>` (K: int, string or array-key), class names (a leading backslash optional).
     * A class is read from a map, its public properties matched by name (#[MsgPack\Name]
     * renames one), or from an array for an #[MsgPack\AsList] class. Objects are made as
     * unserialize() makes them: no constructor, no __wakeup() or __unserialize(), no property
     * hook runs; readonly and private(set) properties are filled. A missing key takes the
     * property's default (a promoted property's: its constructor parameter's), else it is an
     * error; unknown keys are skipped (an error with Unpacker::FORBID_UNKNOWN_KEYS). The parts
     * typed `mixed` (and untyped properties) are read as unpack() reads them, with $flags.
     *
     * With $path, the value at that path (see unpack()) is read as $type, and only it: the type
     * describes that value, not the whole (getPath() of a type error is still from the root).
     *
     * @param string $data the bytes of one value
     * @param string $type the type to read: a class name or a type string
     * @param int $flags a combination of the Unpacker constants
     * @param array|null $path the value to read, by the keys and indexes leading to
     *        it (see unpack()); [] or null: all of it
     * @psalm-param list<int|string>|null $path
     * @psalm-param int-mask-of<Unpacker::*> $flags
     * @return mixed a value of $type
     * @throws InsufficientDataException when $data ends inside the value
     * @throws UnpackException when the value is not of $type ("Expected int, got str at
     *         $.user.age", "Missing key "price" at $.items[3]", "Unknown key "x" at $",
     *         "Invalid Status value 7 at $.status"), for invalid bytes or trailing bytes;
     *         getPosition() is the offset of the item, getPath() where it is in the value
     * @throws \ValueError for a malformed type string, an unknown class, a type that cannot be
     *         read into (an interface, an abstract class, `object`, an ambiguous union such as
     *         two classes), unknown flag bits, a $path with PHP_OBJECTS
     * @throws PathException when $path is not in the value
     * @throws \TypeError when $path holds a step that is neither an int nor a string
     */
    function unpackAs(string $data, string $type, int $flags = 0, ?array $path = null): mixed {}

    /**
     * Packs values as plain MessagePack, with options, ext encoders, transformers and shared
     * structures kept in the object, and typed writers (packNil() ... packExt()) for writing a
     * protocol or a stream piece by piece. Cannot be cloned or serialized.
     * @not-serializable
     */
    final class Packer
    {
        /**
         * Every string value as bin (map keys stay str).
         * @var int
         * @cvalue MSGPACK_PACK_BIN_STRINGS
         */
        public const BIN_STRINGS = UNKNOWN;
        /**
         * Strings that are not valid UTF-8 as bin, values and map keys; the others as str.
         * @var int
         * @cvalue MSGPACK_PACK_DETECT_BIN
         */
        public const DETECT_BIN = UNKNOWN;
        /**
         * Every float as float32 (losing what does not fit), packFloat() included.
         * @var int
         * @cvalue MSGPACK_PACK_FLOAT32
         */
        public const FLOAT32 = UNKNOWN;
        /**
         * Lists as maps too (`[5, 6]` is `{0: 5, 1: 6}`, `[]` is `80`).
         * @var int
         * @cvalue MSGPACK_PACK_ARRAYS_AS_MAPS
         */
        public const ARRAYS_AS_MAPS = UNKNOWN;
        /**
         * Objects, references and shared values in PECL msgpack's php_only format (what
         * msgpack_unpack() and Unpacker with PHP_OBJECTS read).
         * @var int
         * @cvalue MSGPACK_PACK_PHP_OBJECTS
         */
        public const PHP_OBJECTS = UNKNOWN;
        /**
         * Maps whose key list repeats as msgpackr's records (ext 0x72); not with PHP_OBJECTS.
         * @var int
         * @cvalue MSGPACK_PACK_RECORDS
         */
        public const RECORDS = UNKNOWN;
        /**
         * A float as float32 only when its decimal form (up to 7 significant digits) survives
         * float32, else float64 (msgpackr's `useFloat32: DECIMAL_FIT`); not with FLOAT32.
         * @var int
         * @cvalue MSGPACK_PACK_FLOAT32_DECIMAL_FIT
         */
        public const FLOAT32_DECIMAL_FIT = UNKNOWN;
        /**
         * With RECORDS: structures declared by earlier pack() calls of this packer are referenced,
         * not declared again (msgpackr's `sequential`), for one Unpacker reading them in order.
         * @var int
         * @cvalue MSGPACK_PACK_SEQUENTIAL
         */
        public const SEQUENTIAL = UNKNOWN;

        /**
         * @param int $flags a combination of this class's constants
         * @psalm-param int-mask-of<Packer::*> $flags
         * @throws \ValueError for unknown flag bits or flags that cannot be combined (BIN_STRINGS
         *         with DETECT_BIN, FLOAT32 with FLOAT32_DECIMAL_FIT, RECORDS with PHP_OBJECTS,
         *         SEQUENTIAL without RECORDS)
         */
        public function __construct(int $flags = 0) {}

        /**
         * Packs one value. Without PHP_OBJECTS: arrays as arrays or maps, objects of a class with
         * an extension or transformer as registered, Ext/Timestamp/DateTimeInterface as ext,
         * Bin as bin, Map as map, JsonSerializable as what jsonSerialize() returns, a backed
         * enum case as its value, GMP as an int, any other object as the map of its public
         * properties.
         *
         * @param mixed $value any value but a resource
         * @return string the bytes
         * @throws PackException for a resource, an object PHP may not serialize (a Closure, a
         *         Generator, an anonymous class) without a transformer, a cycle, nesting deeper than `msgpack.max_depth`, an encoder that returns no
         *         string, a GMP past 64 bits, transformers that loop, shared structures not saved
         * @throws \Throwable what a callback of yours (encoder, transformer, save callback,
         *         jsonSerialize()) throws, as it is
         */
        public function pack(mixed $value): string {}

        /**
         * Objects of $class (subclasses and implementations included) are written as ext $type
         * with the payload $encode($object) returns. Registering a class again replaces what it
         * was registered as (extension or transformer).
         *
         * @param string $class an existing class or interface
         * @param int $type the ext type, -128..127
         * @param callable $encode receives the object, returns the payload bytes
         * @psalm-param class-string $class
         * @psalm-param callable(object): string $encode
         * @throws \ValueError when $class is not an existing class or interface, or $type is
         *         outside -128..127
         * @throws \TypeError when $encode is not callable
         */
        public function registerExtension(string $class, int $type, callable $encode): void {}

        /**
         * Objects of $class (subclasses and implementations included) are packed as the value
         * $transform($object) returns, by the same rules as any value (an array, a string, Bin,
         * Map, Ext, another object with its own transformer...). A transformer returning an
         * object that would be transformed again by a transformer of the chain is a
         * PackException when packed.
         *
         * @param string $class an existing class or interface
         * @param callable $transform receives the object, returns the value to pack instead
         * @psalm-param class-string $class
         * @psalm-param callable(object): mixed $transform
         * @throws \ValueError when $class is not an existing class or interface
         * @throws \TypeError when $transform is not callable
         */
        public function registerTransformer(string $class, callable $transform): void {}

        /**
         * Sets the shared structures (msgpackr's `structures`): key lists the reader knows too,
         * identifiers 0x40, 0x41, ... in order. Without $save the list is fixed; with $save it
         * grows: before pack() returns bytes that use new structures it calls
         * $save($structures, $before) with the whole new list and the count before; returning
         * false (or throwing) makes pack() throw and keeps the old list. With $maxShared above 32
         * the identifiers from 0x60 on take two bytes (msgpackr's with maxSharedStructures above
         * 32: `60 00` for the 33rd structure, ...). Sets them on this packer and returns it.
         *
         * @param array $structures a list of lists of unique string or int field names
         * @param callable|null $save stores the grown list; false means not stored
         * @param int $maxShared how many structures the list may hold, 0..8160 (msgpackr's
         *            maxSharedStructures; above 32, two-byte identifiers)
         * @psalm-param list<list<string|int>> $structures
         * @psalm-param null|callable(list<list<string|int>>, int): mixed $save
         * @return static this packer
         * @throws \ValueError without RECORDS, for a list that is not a list of lists of unique
         *         string or int names, longer than $maxShared, or $maxShared outside 0..8160
         * @throws \Error when called while a SEQUENTIAL packer packs (from its callbacks)
         */
        public function withStructures(array $structures, ?callable $save = null, int $maxShared = 32): static {}

        /**
         * The shared structures as they are now (after the saves that succeeded).
         *
         * @psalm-return list<list<string|int>>
         */
        public function structures(): array {}

        /** nil: `c0`. */
        public function packNil(): string {}

        /** false or true: `c2`, `c3`. */
        public function packBool(bool $value): string {}

        /** An int in its shortest form. */
        public function packInt(int $value): string {}

        /** A float: float64, or float32 as the FLOAT32 and FLOAT32_DECIMAL_FIT flags say. */
        public function packFloat(float $value): string {}

        /** A float as float32 whatever the flags (past float32's range: an infinity). */
        public function packFloat32(float $value): string {}

        /** A float as float64 whatever the flags. */
        public function packFloat64(float $value): string {}

        /** A string as str whatever the flags (not checked for UTF-8). */
        public function packStr(string $value): string {}

        /** A string as bin. */
        public function packBin(string $value): string {}

        /**
         * Any array as the list of its values, its keys dropped; the values packed as pack()
         * packs them.
         *
         * @throws PackException as pack()
         */
        public function packArray(array $value): string {}

        /**
         * Any array as a map (a list as the map of its indexes); a record with RECORDS.
         *
         * @throws PackException as pack()
         */
        public function packMap(array $value): string {}

        /**
         * The header of an array of $count items; the items follow.
         *
         * @param int $count 0..4294967295
         * @throws \ValueError when $count is outside 0..4294967295
         */
        public function packArrayHeader(int $count): string {}

        /**
         * The header of a map of $count entries; the keys and values follow.
         *
         * @param int $count 0..4294967295
         * @throws \ValueError when $count is outside 0..4294967295
         */
        public function packMapHeader(int $count): string {}

        /**
         * An ext item.
         *
         * @param int $type -128..127
         * @param string $data the payload
         * @throws \ValueError when $type is outside -128..127
         */
        public function packExt(int $type, string $data): string {}
    }

    /**
     * Unpacks with options, a class allow-list, a depth limit, ext decoders and shared
     * structures kept in the object; reads one-shot strings (unpack($data)), streams (feed(),
     * tryUnpack(), foreach) and items one by one (unpackInt(), unpackArrayHeader(), ...). The
     * reads of a stream take nothing when they throw for missing bytes or a wrong type: feed
     * more and call again. Cannot be cloned or serialized; using it from its own ext decoders
     * is an Error.
     * @not-serializable
     */
    final class Unpacker implements \IteratorAggregate
    {
        /**
         * A uint64 past PHP_INT_MAX as a GMP number (needs ext/gmp); default: its decimal string.
         * @var int
         * @cvalue MSGPACK_UNPACK_BIGINT_AS_GMP
         */
        public const BIGINT_AS_GMP = UNKNOWN;
        /**
         * A uint64 past PHP_INT_MAX as a float (rounded); default: its decimal string.
         * @var int
         * @cvalue MSGPACK_UNPACK_BIGINT_AS_FLOAT
         */
        public const BIGINT_AS_FLOAT = UNKNOWN;
        /**
         * Maps as stdClass objects instead of arrays.
         * @var int
         * @cvalue MSGPACK_UNPACK_MAPS_AS_OBJECTS
         */
        public const MAPS_AS_OBJECTS = UNKNOWN;
        /**
         * Timestamps (ext -1) as DateTimeImmutable in UTC instead of Timestamp.
         * @var int
         * @cvalue MSGPACK_UNPACK_TIMESTAMP_AS_DATETIME
         */
        public const TIMESTAMP_AS_DATETIME = UNKNOWN;
        /**
         * Reads PECL msgpack's php_only format (objects, references, enums), instantiating only
         * the classes of the allow-list.
         * @var int
         * @cvalue MSGPACK_UNPACK_PHP_OBJECTS
         */
        public const PHP_OBJECTS = UNKNOWN;
        /**
         * Reads msgpackr's records (ext 0x72) as maps; not with PHP_OBJECTS.
         * @var int
         * @cvalue MSGPACK_UNPACK_RECORDS
         */
        public const RECORDS = UNKNOWN;
        /**
         * A float32 read as its decimal of up to 7 significant digits (`ca40ffae14` is 7.99).
         * @var int
         * @cvalue MSGPACK_UNPACK_FLOAT32_DECIMAL_FIT
         */
        public const FLOAT32_DECIMAL_FIT = UNKNOWN;
        /**
         * unpackAs(): a map key that names no property of the class is an error (by default it
         * is skipped, its value not built). No effect on unpack().
         * @var int
         * @cvalue MSGPACK_UNPACK_FORBID_UNKNOWN_KEYS
         */
        public const FORBID_UNKNOWN_KEYS = UNKNOWN;
        /**
         * A read with a path stops once the values at its paths are read: what follows them is
         * not read, so that a value early in a large document costs only the bytes before it.
         * Of a key given twice the first counts (unpack() keeps the last), and the bytes after
         * the values asked are not checked (trailing or missing bytes there are no error).
         * No effect without a path, with RECORDS (a structure declared further on is for the
         * values after it) or with PHP_OBJECTS (the whole value is decoded).
         * @var int
         * @cvalue MSGPACK_UNPACK_STOP_AT_PATH
         */
        public const STOP_AT_PATH = UNKNOWN;

        /**
         * @param int $flags a combination of this class's constants
         * @param array|bool $allowedClasses with PHP_OBJECTS, the classes that may be
         *        instantiated (case-insensitive; true: all, false: none); others become
         *        __PHP_Incomplete_Class
         * @param int $maxDepth nesting limit, 0 or more (0: only empty containers)
         * @psalm-param int-mask-of<Unpacker::*> $flags
         * @psalm-param list<class-string>|bool $allowedClasses
         * @throws \ValueError for unknown flag bits, BIGINT_AS_GMP with BIGINT_AS_FLOAT, RECORDS
         *         with PHP_OBJECTS, a negative $maxDepth
         * @throws \TypeError when $allowedClasses holds anything but strings
         * @throws Exception with BIGINT_AS_GMP when ext/gmp is not loaded
         */
        public function __construct(int $flags = 0, array|bool $allowedClasses = false, int $maxDepth = 4096) {}

        /**
         * With $data: exactly that string as one value (the stream is not touched). Without:
         * the next whole value of the stream. With $path, the value at that path only, as
         * MsgPack\unpack() reads it (`$u->unpack($bytes, ['user', 'id'])`,
         * `$u->unpack(path: ['id'])` for the next value of the stream: all of it is consumed).
         *
         * @param string|null $data the bytes of one value (null: read the stream)
         * @param array|null $path the value to return, by the keys and indexes
         *        leading to it (see MsgPack\unpack())
         * @psalm-param list<int|string>|null $path
         * @return mixed the value (at $path)
         * @throws InsufficientDataException when the bytes end inside the value (in a stream:
         *         nothing consumed)
         * @throws UnpackException for invalid bytes, trailing bytes (with $data), nesting deeper
         *         than $maxDepth, an invalid map key or timestamp, an unknown shared structure
         * @throws PathException when $path is not in the value (in a stream: consumed)
         * @throws \TypeError when $path holds a step that is neither an int nor a string
         * @throws \Throwable what an ext decoder, __wakeup() or __unserialize() throws
         */
        public function unpack(?string $data = null, ?array $path = null): mixed {}

        /**
         * The values at several paths of exactly that string, in one pass, as
         * MsgPack\unpackPaths() reads them, with this unpacker's flags, allow-list and shared
         * structures. The stream is not touched.
         *
         * @param string $data the bytes of one value
         * @param array $paths the paths, by name
         * @psalm-param array<array-key, list<int|string>> $paths
         * @param mixed $default the value of a path that is not there (without it:
         *        PathException)
         * @return array the value at each path, by the names of $paths
         * @throws InsufficientDataException when $data ends inside the value
         * @throws UnpackException as unpack()
         * @throws PathException without $default, for the first of $paths that is not there
         * @throws \TypeError when a path is not an array, or holds a step that is neither an
         *         int nor a string
         * @throws \Throwable what an ext decoder, __wakeup() or __unserialize() throws
         */
        public function unpackPaths(string $data, array $paths, mixed $default = UNKNOWN): array {}

        /**
         * Exactly that string as one value of the declared type $type, as MsgPack\unpackAs()
         * reads it, with this unpacker's flags; the parts typed `mixed` are read as unpack()
         * reads them (its allow-list, depth limit and ext decoders apply there). The stream is
         * not touched.
         *
         * @param string $data the bytes of one value
         * @param string $type the type to read: a class name or a type string
         * @param array|null $path the value to read as $type (see MsgPack\unpack())
         * @psalm-param list<int|string>|null $path
         * @return mixed a value of $type
         * @throws InsufficientDataException when $data ends inside the value
         * @throws UnpackException when the value is not of $type (see MsgPack\unpackAs()), for
         *         invalid or trailing bytes, nesting deeper than $maxDepth
         * @throws \ValueError for a malformed type string, an unknown class or a type that
         *         cannot be read into
         * @throws PathException when $path is not in the value
         * @throws \Throwable what an ext decoder, __wakeup() or __unserialize() of a mixed part throws
         */
        public function unpackAs(string $data, string $type, ?array $path = null): mixed {}

        /**
         * Appends bytes to the stream.
         *
         * @throws \Error when called from this unpacker's own ext decoder
         */
        public function feed(string $chunk): void {}

        /**
         * Every complete value buffered so far, in order; a value cut short stays for later.
         * When an invalid value follows values, they are returned and the next call throws.
         *
         * @return array the values (an empty list when none is complete)
         * @psalm-return list<mixed>
         * @throws UnpackException for an invalid value (never InsufficientDataException)
         * @throws \Throwable what an ext decoder, __wakeup() or __unserialize() throws
         */
        public function tryUnpack(): array {}

        /**
         * `foreach ($unpacker as $value)`: the complete values, each decoded when the loop asks
         * for it; keys count from 0 in each loop; the loop ends when no complete value is left.
         *
         * @psalm-return \Iterator<int, mixed>
         * @throws UnpackException for an invalid value, when the loop reaches it
         * @throws \Throwable what an ext decoder, __wakeup() or __unserialize() throws
         */
        public function getIterator(): \Iterator {}

        /** How many bytes are buffered and not yet consumed. */
        public function remaining(): int {}

        /**
         * Ext $type becomes $decode($payload) (-1 included, which then comes before the
         * timestamp reading). Registering a type again replaces its decoder.
         *
         * @param int $type -128..127
         * @param callable $decode receives the payload bytes, returns the value
         * @psalm-param callable(string): mixed $decode
         * @throws \ValueError when $type is outside -128..127
         * @throws \TypeError when $decode is not callable
         */
        public function registerExtension(int $type, callable $decode): void {}

        /**
         * Sets the shared structures the writer saved (identifiers 0x40, 0x41, ..., from the 33rd
         * on msgpackr's two-byte ones: `60 00`, `61 00`, ...); a record identifier not among them
         * is then an UnpackException. Sets them on this unpacker and returns it; a stream starts
         * over with the bytes still buffered.
         *
         * @param array $structures up to 8160 lists of unique string or int field names
         * @psalm-param list<list<string|int>> $structures
         * @return static this unpacker
         * @throws \ValueError without RECORDS, for more than 8160 structures or a list that is
         *         not a list of lists of unique string or int names
         */
        public function withStructures(array $structures): static {}

        /**
         * Drops everything buffered (bytes, a value in part, a put-off error, the structures the
         * stream declared): a new stream, offsets from 0. Flags, decoders and the structures of
         * withStructures() stay.
         */
        public function reset(): void {}

        /**
         * Reads nil.
         *
         * @throws UnpackException when the next item is of another type (nothing consumed)
         * @throws InsufficientDataException when bytes are missing (nothing consumed)
         */
        public function unpackNil(): null {}

        /**
         * Reads false or true.
         *
         * @throws UnpackException when the next item is of another type (nothing consumed)
         * @throws InsufficientDataException when bytes are missing (nothing consumed)
         */
        public function unpackBool(): bool {}

        /**
         * Reads an int of any format; a uint64 past PHP_INT_MAX as the BIGINT flags say (a
         * decimal string by default, a float with BIGINT_AS_FLOAT, GMP with BIGINT_AS_GMP).
         *
         * @throws UnpackException when the next item is of another type (nothing consumed)
         * @throws InsufficientDataException when bytes are missing (nothing consumed)
         */
        public function unpackInt(): int|float|string|\GMP {}

        /**
         * Reads a float32 or float64.
         *
         * @throws UnpackException when the next item is of another type (nothing consumed)
         * @throws InsufficientDataException when bytes are missing (nothing consumed)
         */
        public function unpackFloat(): float {}

        /**
         * Reads a str.
         *
         * @throws UnpackException when the next item is of another type (nothing consumed)
         * @throws InsufficientDataException when bytes are missing (nothing consumed)
         */
        public function unpackStr(): string {}

        /**
         * Reads a bin.
         *
         * @throws UnpackException when the next item is of another type (nothing consumed)
         * @throws InsufficientDataException when bytes are missing (nothing consumed)
         */
        public function unpackBin(): string {}

        /**
         * Reads a whole array, as unpack() builds it.
         *
         * @throws UnpackException when the next item is of another type (nothing consumed), or
         *         for an invalid value in it (consumed)
         * @throws InsufficientDataException when bytes are missing (nothing consumed)
         */
        public function unpackArray(): array {}

        /**
         * Reads a whole map (or record), as unpack() builds it: an array, or an object with
         * MAPS_AS_OBJECTS or PHP_OBJECTS (any value PECL's markers say).
         *
         * @throws UnpackException when the next item is of another type (nothing consumed), or
         *         for an invalid value in it (consumed)
         * @throws InsufficientDataException when bytes are missing (nothing consumed)
         */
        public function unpackMap(): mixed {}

        /**
         * Reads any ext as it is (type -1 too): no decoder runs, timestamps are not converted.
         *
         * @throws UnpackException when the next item is of another type (nothing consumed)
         * @throws InsufficientDataException when bytes are missing (nothing consumed)
         */
        public function unpackExt(): Ext {}

        /**
         * Reads an array's header and returns its count; the items stay to be read.
         *
         * @throws UnpackException when the next item is of another type (nothing consumed)
         * @throws InsufficientDataException when bytes are missing (nothing consumed)
         */
        public function unpackArrayHeader(): int {}

        /**
         * Reads a map's header and returns its count of entries; each key and value stays to be
         * read.
         *
         * @throws UnpackException when the next item is of another type (nothing consumed)
         * @throws InsufficientDataException when bytes are missing (nothing consumed)
         */
        public function unpackMapHeader(): int {}

        /**
         * Skips the next whole value without building it.
         *
         * @throws UnpackException for invalid bytes (0xc1, nesting deeper than $maxDepth)
         * @throws InsufficientDataException when bytes are missing (nothing consumed)
         */
        public function skipValue(): void {}

        /**
         * Skips raw bytes (also past bytes the stream refused, which clears that error).
         *
         * @param int $bytes 0 or more
         * @throws \ValueError when $bytes is negative
         * @throws InsufficientDataException when fewer bytes are buffered (nothing consumed)
         */
        public function skip(int $bytes): void {}

        /**
         * Reads raw bytes.
         *
         * @param int $bytes 0 or more
         * @return string the bytes
         * @throws \ValueError when $bytes is negative
         * @throws InsufficientDataException when fewer bytes are buffered (nothing consumed)
         */
        public function read(int $bytes): string {}
    }
}
