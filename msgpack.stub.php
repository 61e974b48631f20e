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

        /** @param int|null $offset */
        public function execute(?string $str = null, &$offset = null): bool {}

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
    }
}
