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
