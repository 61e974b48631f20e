<?php

/**
 * @generate-class-entries
 * @undocumentable
 */

namespace {
    /**
     * @var int
     * @cvalue MSGPACK_OPT_PHPONLY
     */
    const MESSAGEPACK_OPT_PHPONLY = UNKNOWN;
    /**
     * @var int
     * @cvalue MSGPACK_OPT_ASSOC
     */
    const MESSAGEPACK_OPT_ASSOC = UNKNOWN;
    /**
     * @var int
     * @cvalue MSGPACK_OPT_FORCE_F32
     */
    const MESSAGEPACK_OPT_FORCE_F32 = UNKNOWN;

    function msgpack_serialize(mixed $value): string|false {}

    function msgpack_unserialize(string $str, mixed $object = null): mixed {}

    /** @alias msgpack_serialize */
    function msgpack_pack(mixed $value): string|false {}

    /** @alias msgpack_unserialize */
    function msgpack_unpack(string $str, mixed $object = null): mixed {}

    class MessagePack
    {
        /**
         * @var int
         * @cvalue MSGPACK_OPT_PHPONLY
         */
        public const OPT_PHPONLY = UNKNOWN;
        /**
         * @var int
         * @cvalue MSGPACK_OPT_ASSOC
         */
        public const OPT_ASSOC = UNKNOWN;
        /**
         * @var int
         * @cvalue MSGPACK_OPT_FORCE_F32
         */
        public const OPT_FORCE_F32 = UNKNOWN;

        public function __construct(bool $opt = UNKNOWN) {}

        public function setOption(int $option, mixed $value): bool {}

        public function pack(mixed $value): string|false {}

        public function unpack(string $str, mixed $object = null): mixed {}

        public function unpacker(): MessagePackUnpacker {}
    }

    /** @not-serializable */
    class MessagePackUnpacker
    {
        public function __construct(bool $opt = UNKNOWN) {}

        public function __destruct() {}

        public function setOption(int $option, mixed $value): bool {}

        public function feed(string $str): bool {}

        // as PECL msgpack's: no argument reads the fed bytes; null is "" (with PHP's deprecation)
        /** @param int|null $offset */
        public function execute(string $str = UNKNOWN, &$offset = null): bool {}

        public function data(mixed $object = null): mixed {}

        public function reset(): void {}
    }
}

namespace MsgPack {
    /** @strict-properties */
    final class Ext
    {
        public readonly int $type;
        public readonly string $data;

        public function __construct(int $type, string $data) {}
    }

    /** @strict-properties */
    final class Timestamp
    {
        public readonly int $seconds;
        public readonly int $nanoseconds;

        public function __construct(int $seconds, int $nanoseconds = 0) {}

        public static function now(): Timestamp {}

        public static function fromDateTime(\DateTimeInterface $dateTime): Timestamp {}

        public function toDateTime(): \DateTimeImmutable {}
    }

    /** @strict-properties */
    final class Bin
    {
        public readonly string $data;

        public function __construct(string $data) {}
    }

    /** @strict-properties */
    final class Map
    {
        public readonly array $value;

        public function __construct(array $value) {}
    }

    class Exception extends \RuntimeException
    {
    }

    class PackException extends Exception
    {
    }

    class UnpackException extends Exception
    {
        protected int $position = 0;

        public function getPosition(): int {}
    }

    class InsufficientDataException extends UnpackException
    {
    }

    function pack(mixed $value, int $flags = 0): string {}

    function unpack(string $data, int $flags = 0): mixed {}

    /** @not-serializable */
    final class Packer
    {
        /**
         * @var int
         * @cvalue MSGPACK_PACK_BIN_STRINGS
         */
        public const BIN_STRINGS = UNKNOWN;
        /**
         * @var int
         * @cvalue MSGPACK_PACK_DETECT_BIN
         */
        public const DETECT_BIN = UNKNOWN;
        /**
         * @var int
         * @cvalue MSGPACK_PACK_FLOAT32
         */
        public const FLOAT32 = UNKNOWN;
        /**
         * @var int
         * @cvalue MSGPACK_PACK_ARRAYS_AS_MAPS
         */
        public const ARRAYS_AS_MAPS = UNKNOWN;
        /**
         * @var int
         * @cvalue MSGPACK_PACK_PHP_OBJECTS
         */
        public const PHP_OBJECTS = UNKNOWN;
        /**
         * @var int
         * @cvalue MSGPACK_PACK_RECORDS
         */
        public const RECORDS = UNKNOWN;
        /**
         * @var int
         * @cvalue MSGPACK_PACK_FLOAT32_DECIMAL_FIT
         */
        public const FLOAT32_DECIMAL_FIT = UNKNOWN;
        /**
         * @var int
         * @cvalue MSGPACK_PACK_SEQUENTIAL
         */
        public const SEQUENTIAL = UNKNOWN;

        public function __construct(int $flags = 0) {}

        public function pack(mixed $value): string {}

        public function registerExtension(string $class, int $type, callable $encode): void {}

        public function registerTransformer(string $class, callable $transform): void {}

        public function withStructures(array $structures, ?callable $save = null, int $maxShared = 32): static {}

        public function structures(): array {}

        public function packNil(): string {}

        public function packBool(bool $value): string {}

        public function packInt(int $value): string {}

        public function packFloat(float $value): string {}

        public function packFloat32(float $value): string {}

        public function packFloat64(float $value): string {}

        public function packStr(string $value): string {}

        public function packBin(string $value): string {}

        public function packArray(array $value): string {}

        public function packMap(array $value): string {}

        public function packArrayHeader(int $count): string {}

        public function packMapHeader(int $count): string {}

        public function packExt(int $type, string $data): string {}
    }

    /** @not-serializable */
    final class Unpacker implements \IteratorAggregate
    {
        /**
         * @var int
         * @cvalue MSGPACK_UNPACK_BIGINT_AS_GMP
         */
        public const BIGINT_AS_GMP = UNKNOWN;
        /**
         * @var int
         * @cvalue MSGPACK_UNPACK_BIGINT_AS_FLOAT
         */
        public const BIGINT_AS_FLOAT = UNKNOWN;
        /**
         * @var int
         * @cvalue MSGPACK_UNPACK_MAPS_AS_OBJECTS
         */
        public const MAPS_AS_OBJECTS = UNKNOWN;
        /**
         * @var int
         * @cvalue MSGPACK_UNPACK_TIMESTAMP_AS_DATETIME
         */
        public const TIMESTAMP_AS_DATETIME = UNKNOWN;
        /**
         * @var int
         * @cvalue MSGPACK_UNPACK_PHP_OBJECTS
         */
        public const PHP_OBJECTS = UNKNOWN;
        /**
         * @var int
         * @cvalue MSGPACK_UNPACK_RECORDS
         */
        public const RECORDS = UNKNOWN;
        /**
         * @var int
         * @cvalue MSGPACK_UNPACK_FLOAT32_DECIMAL_FIT
         */
        public const FLOAT32_DECIMAL_FIT = UNKNOWN;

        public function __construct(int $flags = 0, array|bool $allowedClasses = false, int $maxDepth = 4096) {}

        /** With $data: that string as one value. Without: the next value of the stream. */
        public function unpack(string $data = UNKNOWN): mixed {}

        public function feed(string $chunk): void {}

        public function tryUnpack(): array {}

        public function getIterator(): \Iterator {}

        public function remaining(): int {}

        public function registerExtension(int $type, callable $decode): void {}

        public function withStructures(array $structures): static {}

        public function reset(): void {}

        public function unpackNil(): null {}

        public function unpackBool(): bool {}

        public function unpackInt(): int|float|string|\GMP {}

        public function unpackFloat(): float {}

        public function unpackStr(): string {}

        public function unpackBin(): string {}

        public function unpackArray(): array {}

        /** An array, or an object with MAPS_AS_OBJECTS or PHP_OBJECTS (any value PECL's markers say). */
        public function unpackMap(): mixed {}

        public function unpackExt(): Ext {}

        public function unpackArrayHeader(): int {}

        public function unpackMapHeader(): int {}

        public function skipValue(): void {}

        public function skip(int $bytes): void {}

        public function read(int $bytes): string {}
    }
}
