--TEST--
MsgPack\unpack() and MsgPack\Unpacker::unpack(): each error is an exception naming the problem and its byte offset (getPosition()); bad arguments are ValueError/TypeError; no warning
--FILE--
<?php
function attempt(callable $f): void {
    try {
        $v = $f();
        echo "value: ", json_encode($v), "\n";
    } catch (MsgPack\UnpackException $e) {
        printf("%s(%d): %s\n", get_class($e), $e->getPosition(), $e->getMessage());
    } catch (Throwable $e) {
        printf("%s: %s\n", get_class($e), $e->getMessage());
    }
}
set_error_handler(function ($no, $str) { echo "WARNING: $str\n"; return true; });

echo "-- invalid bytes, trailing bytes\n";
// 95c1, 81c1, 9591c1: a count the rest cannot hold, but 0xc1 makes the input invalid however
// much more came (fuzzer findings: the count check must not hide it)
foreach (['c1', '93c10102', '9301c102', '820102a161c1', '01c1', '0102', '93010203c0', '80c1', 'c0c0c0',
          '95c1', '81c1', '9591c1'] as $hex) {
    echo "$hex: ";
    attempt(fn () => MsgPack\unpack(hex2bin($hex)));
}

echo "-- truncation: the item the input ends in\n";
foreach (['', '93', '9301', '930102', 'cd01', 'a3616263' => 'a36162', 'da00', 'c4056162', '92a1', '8101', '81a161',
          '9291', 'dc0003', 'df00000001', 'd6ff0000', 'c70cff', 'cf00', 'cb3ff0'] as $k => $hex) {
    echo "$hex: ";
    attempt(fn () => MsgPack\unpack(hex2bin($hex)));
}
// a declared length far beyond the input fails at once
echo "dbffffffff: ";
attempt(fn () => MsgPack\unpack(hex2bin('dbffffffff61')));
echo "ddffffffff: ";
attempt(fn () => MsgPack\unpack(hex2bin('ddffffffff01')));

echo "-- map keys other than int, str, bin\n";
foreach (['81c001', '81c201', '81c301', '81ca3f80000001', '81cb3ff000000000000001', '819001', '818001', '81d4010101',
          '83a1610101029101c0', '9281a16101810102', '81c701050101'] as $hex) {
    echo "$hex: ";
    attempt(fn () => MsgPack\unpack(hex2bin($hex)));
}
echo "-- int, str, bin and big uint64 keys are fine\n";
foreach (['8301610262a1630c', '81cfffffffffffffffff01', '81c4026b6b01', '81d0ff01', '81cd010001'] as $hex) {
    echo "$hex: ";
    attempt(fn () => MsgPack\unpack(hex2bin($hex)));
}

echo "-- invalid timestamps\n";
foreach (['d4ff01', 'd5ff0102', 'c703ff010203', 'd7fffffffffc00000000', 'c70cff3b9aca000000000000000000', '92c0d5ff0102'] as $hex) {
    echo "$hex: ";
    attempt(fn () => MsgPack\unpack(hex2bin($hex)));
}

echo "-- depth\n";
$u = new MsgPack\Unpacker(0, false, 3);
foreach (['919191' . '01', '91919191' . '01', '9191919190', '8101810181019101', '81a16181a16281a16391c0'] as $hex) {
    echo "$hex: ";
    attempt(fn () => $u->unpack(hex2bin($hex)));
}
$u = new MsgPack\Unpacker(0, false, 0);
echo "depth 0: ";
attempt(fn () => $u->unpack(hex2bin('01')));
echo "depth 0: ";
attempt(fn () => $u->unpack(hex2bin('9101')));
echo "default depth 4096: ";
attempt(fn () => count(MsgPack\unpack(str_repeat("\x91", 4096) . "\x01")));
echo "default depth 4096: ";
attempt(fn () => MsgPack\unpack(str_repeat("\x91", 4097) . "\x01"));

echo "-- exception classes\n";
foreach (['MsgPack\InsufficientDataException', 'MsgPack\UnpackException', 'MsgPack\Exception'] as $class) {
    echo $class, " extends ", get_parent_class($class), "\n";
}

echo "-- bad arguments\n";
attempt(fn () => MsgPack\unpack('', 1 << 9));
attempt(fn () => MsgPack\unpack('', 1 << 30));   // -1 and 1 << 40: tests 192, 193
attempt(fn () => MsgPack\unpack("\x01", MsgPack\Unpacker::BIGINT_AS_GMP | MsgPack\Unpacker::BIGINT_AS_FLOAT));
attempt(fn () => new MsgPack\Unpacker(1 << 9));
attempt(fn () => new MsgPack\Unpacker(MsgPack\Unpacker::BIGINT_AS_GMP | MsgPack\Unpacker::BIGINT_AS_FLOAT));
attempt(fn () => new MsgPack\Unpacker(0, false, -1));
attempt(fn () => new MsgPack\Unpacker(0, 'Foo'));
attempt(fn () => new MsgPack\Unpacker(0, [1]));
$u = new MsgPack\Unpacker();
attempt(fn () => $u->registerExtension(128, 'strrev'));
attempt(fn () => $u->registerExtension(-129, 'strrev'));
attempt(fn () => $u->registerExtension(1, 'no_such_function'));
attempt(fn () => clone $u);
attempt(fn () => serialize($u));
echo "done\n";
?>
--EXPECT--
-- invalid bytes, trailing bytes
c1: MsgPack\UnpackException(0): unexpected byte 0xc1 at offset 0
93c10102: MsgPack\UnpackException(1): unexpected byte 0xc1 at offset 1
9301c102: MsgPack\UnpackException(2): unexpected byte 0xc1 at offset 2
820102a161c1: MsgPack\UnpackException(5): unexpected byte 0xc1 at offset 5
01c1: MsgPack\UnpackException(1): unexpected trailing bytes at offset 1
0102: MsgPack\UnpackException(1): unexpected trailing bytes at offset 1
93010203c0: MsgPack\UnpackException(4): unexpected trailing bytes at offset 4
80c1: MsgPack\UnpackException(1): unexpected trailing bytes at offset 1
c0c0c0: MsgPack\UnpackException(1): unexpected trailing bytes at offset 1
95c1: MsgPack\UnpackException(1): unexpected byte 0xc1 at offset 1
81c1: MsgPack\UnpackException(1): unexpected byte 0xc1 at offset 1
9591c1: MsgPack\UnpackException(2): unexpected byte 0xc1 at offset 2
-- truncation: the item the input ends in
: MsgPack\InsufficientDataException(0): insufficient data at offset 0
93: MsgPack\InsufficientDataException(1): insufficient data at offset 1
9301: MsgPack\InsufficientDataException(2): insufficient data at offset 2
930102: MsgPack\InsufficientDataException(3): insufficient data at offset 3
cd01: MsgPack\InsufficientDataException(0): insufficient data at offset 0
a36162: MsgPack\InsufficientDataException(0): insufficient data at offset 0
da00: MsgPack\InsufficientDataException(0): insufficient data at offset 0
c4056162: MsgPack\InsufficientDataException(0): insufficient data at offset 0
92a1: MsgPack\InsufficientDataException(1): insufficient data at offset 1
8101: MsgPack\InsufficientDataException(2): insufficient data at offset 2
81a161: MsgPack\InsufficientDataException(3): insufficient data at offset 3
9291: MsgPack\InsufficientDataException(2): insufficient data at offset 2
dc0003: MsgPack\InsufficientDataException(3): insufficient data at offset 3
df00000001: MsgPack\InsufficientDataException(5): insufficient data at offset 5
d6ff0000: MsgPack\InsufficientDataException(0): insufficient data at offset 0
c70cff: MsgPack\InsufficientDataException(0): insufficient data at offset 0
cf00: MsgPack\InsufficientDataException(0): insufficient data at offset 0
cb3ff0: MsgPack\InsufficientDataException(0): insufficient data at offset 0
dbffffffff: MsgPack\InsufficientDataException(0): insufficient data at offset 0
ddffffffff: MsgPack\InsufficientDataException(6): insufficient data at offset 6
-- map keys other than int, str, bin
81c001: MsgPack\UnpackException(1): invalid map key of type nil at offset 1
81c201: MsgPack\UnpackException(1): invalid map key of type bool at offset 1
81c301: MsgPack\UnpackException(1): invalid map key of type bool at offset 1
81ca3f80000001: MsgPack\UnpackException(1): invalid map key of type float at offset 1
81cb3ff000000000000001: MsgPack\UnpackException(1): invalid map key of type float at offset 1
819001: MsgPack\UnpackException(1): invalid map key of type array at offset 1
818001: MsgPack\UnpackException(1): invalid map key of type map at offset 1
81d4010101: MsgPack\UnpackException(1): invalid map key of type ext at offset 1
83a1610101029101c0: MsgPack\UnpackException(6): invalid map key of type array at offset 6
9281a16101810102: value: [{"a":1},{"1":2}]
81c701050101: MsgPack\UnpackException(1): invalid map key of type ext at offset 1
-- int, str, bin and big uint64 keys are fine
8301610262a1630c: value: {"1":97,"2":98,"c":12}
81cfffffffffffffffff01: value: {"18446744073709551615":1}
81c4026b6b01: value: {"kk":1}
81d0ff01: value: {"-1":1}
81cd010001: value: {"256":1}
-- invalid timestamps
d4ff01: MsgPack\UnpackException(0): invalid timestamp length at offset 0
d5ff0102: MsgPack\UnpackException(0): invalid timestamp length at offset 0
c703ff010203: MsgPack\UnpackException(0): invalid timestamp length at offset 0
d7fffffffffc00000000: MsgPack\UnpackException(0): invalid timestamp nanoseconds at offset 0
c70cff3b9aca000000000000000000: MsgPack\UnpackException(0): invalid timestamp nanoseconds at offset 0
92c0d5ff0102: MsgPack\UnpackException(2): invalid timestamp length at offset 2
-- depth
91919101: value: [[[1]]]
9191919101: MsgPack\UnpackException(3): maximum nesting depth of 3 exceeded at offset 3
9191919190: MsgPack\UnpackException(3): maximum nesting depth of 3 exceeded at offset 3
8101810181019101: MsgPack\UnpackException(6): maximum nesting depth of 3 exceeded at offset 6
81a16181a16281a16391c0: MsgPack\UnpackException(9): maximum nesting depth of 3 exceeded at offset 9
depth 0: value: 1
depth 0: MsgPack\UnpackException(0): maximum nesting depth of 0 exceeded at offset 0
default depth 4096: value: 1
default depth 4096: MsgPack\UnpackException(4096): maximum nesting depth of 4096 exceeded at offset 4096
-- exception classes
MsgPack\InsufficientDataException extends MsgPack\UnpackException
MsgPack\UnpackException extends MsgPack\Exception
MsgPack\Exception extends RuntimeException
-- bad arguments
ValueError: MsgPack\unpack(): Argument #2 ($flags) contains unknown flags (0x200)
ValueError: MsgPack\unpack(): Argument #2 ($flags) contains unknown flags (0x40000000)
ValueError: MsgPack\unpack(): Argument #2 ($flags) cannot combine BIGINT_AS_GMP and BIGINT_AS_FLOAT
ValueError: MsgPack\Unpacker::__construct(): Argument #1 ($flags) contains unknown flags (0x200)
ValueError: MsgPack\Unpacker::__construct(): Argument #1 ($flags) cannot combine BIGINT_AS_GMP and BIGINT_AS_FLOAT
ValueError: MsgPack\Unpacker::__construct(): Argument #3 ($maxDepth) must be greater than or equal to 0
TypeError: MsgPack\Unpacker::__construct(): Argument #2 ($allowedClasses) must be of type array|bool, string given
TypeError: MsgPack\Unpacker::__construct(): Argument #2 ($allowedClasses) must contain only class names (strings), int given
ValueError: MsgPack\Unpacker::registerExtension(): Argument #1 ($type) must be between -128 and 127
ValueError: MsgPack\Unpacker::registerExtension(): Argument #1 ($type) must be between -128 and 127
TypeError: MsgPack\Unpacker::registerExtension(): Argument #2 ($decode) must be a valid callback, function "no_such_function" not found or invalid function name
Error: Trying to clone an uncloneable object of class MsgPack\Unpacker
Exception: Serialization of 'MsgPack\Unpacker' is not allowed
done
