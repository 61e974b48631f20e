--TEST--
MsgPack\unpackAs(): a type that cannot be read is a ValueError naming the bad part, before any byte is read: malformed type strings, unknown classes, ambiguous unions, classes that cannot be made, property types and attributes that cannot be applied
--FILE--
<?php
use MsgPack\Name;
use MsgPack\ListOf;
use MsgPack\MapOf;

function attempt(string $type): void {
    try {
        MsgPack\unpackAs("\xc1", $type);
        echo "$type: no ValueError\n";
    } catch (Throwable $e) {
        echo get_class($e), ': ', $e->getMessage(), "\n";
    }
}

interface Shape {}
abstract class Base {}
trait T {}
enum Status: string { case A = 'a'; }
enum Level: int { case One = 1; }
enum Suit { case Hearts; }
enum Other: string { case B = 'b'; }
class Err extends Exception {}
class Plain { public int $x = 0; }
class Other2 { public int $y = 0; }
class WithObject { public object $o; }
class WithIterable { public iterable $i; }
class WithIntersection { public Countable&ArrayAccess $c; }
class WithBadName { #[Name(5)] public int $x; }
class WithTwoNames { #[Name('k')] public int $a; #[Name('k')] public int $b; }
class NameClash { #[Name('b')] public int $a; public int $b; }
class WithListOfOnInt { #[ListOf('int')] public int $n; }
class WithBoth { #[ListOf('int')] #[MapOf('int')] public array $a; }
class WithBadListOf { #[ListOf('list<')] public array $a; }
class WithUnknownListOf { #[ListOf('Nope')] public array $a; }
class Nested { public WithObject $w; }
class SelfRef { public ?SelfRef $next = null; public object $bad; }
class UsesSelfRef { public ?SelfRef $s = null; }

echo "-- malformed type strings\n";
foreach (['', ' ', '?', 'int|', '|int', 'int int', 'list<', 'list<>', 'list<int', 'list<int>>', 'array<int,>',
          'array<float, int>', 'array<int, int, int>', 'Plain<int>', '?int|string', '?mixed', 'mixed|int', 'int|?string',
          '\\', 'int[]', 'int&string', '(int)', '1int'] as $t) {
    attempt($t);
}

echo "-- what cannot be read into\n";
foreach (['object', 'iterable', 'callable', 'void', 'never', 'resource', 'static', 'self', 'parent', 'array-key',
          'Nope', '\\Nope\\Deeper', 'Shape', 'Base', 'T', 'Err', 'stdClass', 'ArrayObject', 'Closure', 'Countable',
          'MsgPack\\Map', 'DateTimeZone'] as $t) {
    attempt($t);
}

echo "-- ambiguous unions: one member per wire type\n";
foreach (['Plain|Other2', 'Plain|array', 'list<int>|array', 'list<int>|list<string>', 'array<int, int>|list<int>',
          'string|Status', 'int|Level', 'Status|Other', 'Status|Suit', 'DateTime|DateTimeImmutable',
          'DateTimeImmutable|MsgPack\\Timestamp', 'string|MsgPack\\Bin', 'Plain|array<string, int>'] as $t) {
    attempt($t);
}
echo "-- not ambiguous\n";
foreach (['Plain|list<int>', 'Status|Level', 'int|float', 'array<string, int>|list<string>', 'Suit|Plain',
          'float|Level', 'MsgPack\\Ext|MsgPack\\Timestamp', 'int|int', 'bool|false|true', 'null|int|null'] as $t) {
    attempt($t);
}

echo "-- property types and attributes\n";
foreach (['WithObject', 'WithIterable', 'WithIntersection', 'WithBadName', 'WithTwoNames', 'NameClash',
          'WithListOfOnInt', 'WithBoth', 'WithBadListOf', 'WithUnknownListOf', 'Nested', 'list<Nested>', 'SelfRef',
          'UsesSelfRef'] as $t) {
    attempt($t);
}
echo "-- a failed plan leaves nothing behind: the same again, then types that hold\n";
attempt('UsesSelfRef');
attempt('Plain|Nope');
var_dump(MsgPack\unpackAs("\x81\xa1x\x05", 'Plain'));
var_dump(MsgPack\unpackAs("\x81\xa1x\x05", '?\\plain'));

echo "-- from Unpacker::unpackAs(), and autoloading\n";
try {
    (new MsgPack\Unpacker())->unpackAs("\xc0", 'list<Nope>');
} catch (ValueError $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}
spl_autoload_register(function (string $class) {
    echo "autoload $class\n";
    if ($class === 'Loaded') {
        eval('class Loaded { public int $n; }');
    } elseif ($class === 'Throws') {
        throw new RuntimeException("cannot load $class");
    }
});
var_dump(MsgPack\unpackAs("\x81\xa1n\x01", 'Loaded'));
attempt('Throws');
attempt('list<Missing>');
try {
    MsgPack\unpackAs("\x01", 'int', 1 << 9);
} catch (ValueError $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}
--EXPECT--
-- malformed type strings
ValueError: MsgPack\unpackAs(): Argument #2 ($type) is not a valid type: expected a type at the end (in "")
ValueError: MsgPack\unpackAs(): Argument #2 ($type) is not a valid type: expected a type at the end (in " ")
ValueError: MsgPack\unpackAs(): Argument #2 ($type) is not a valid type: expected a type at the end (in "?")
ValueError: MsgPack\unpackAs(): Argument #2 ($type) is not a valid type: expected a type at the end (in "int|")
ValueError: MsgPack\unpackAs(): Argument #2 ($type) is not a valid type: expected a type at offset 0 ("|") (in "|int")
ValueError: MsgPack\unpackAs(): Argument #2 ($type) is not a valid type: unexpected text at offset 4 ("i") (in "int int")
ValueError: MsgPack\unpackAs(): Argument #2 ($type) is not a valid type: expected a type at the end (in "list<")
ValueError: MsgPack\unpackAs(): Argument #2 ($type) is not a valid type: expected a type at offset 5 (">") (in "list<>")
ValueError: MsgPack\unpackAs(): Argument #2 ($type) is not a valid type: expected ">" at the end (in "list<int")
ValueError: MsgPack\unpackAs(): Argument #2 ($type) is not a valid type: unexpected text at offset 9 (">") (in "list<int>>")
ValueError: MsgPack\unpackAs(): Argument #2 ($type) is not a valid type: expected a type at offset 10 (">") (in "array<int,>")
ValueError: MsgPack\unpackAs(): Argument #2 ($type) is not a valid type: the key type of array<K, V> must be int, string or array-key (offset 6) (in "array<float, int>")
ValueError: MsgPack\unpackAs(): Argument #2 ($type) is not a valid type: array<K, V> takes two types: expected ">" at offset 14 (",") (in "array<int, int, int>")
ValueError: MsgPack\unpackAs(): Argument #2 ($type) is not a valid type: type arguments only go with list and array at offset 5 ("<") (in "Plain<int>")
ValueError: MsgPack\unpackAs(): Argument #2 ($type) is not a valid type: a nullable type (?T) cannot be part of a union at offset 4 ("|") (in "?int|string")
ValueError: MsgPack\unpackAs(): Argument #2 ($type) is not a valid type: mixed cannot be part of a union or nullable (in "?mixed")
ValueError: MsgPack\unpackAs(): Argument #2 ($type) is not a valid type: mixed cannot be part of a union or nullable (in "mixed|int")
ValueError: MsgPack\unpackAs(): Argument #2 ($type) is not a valid type: expected a type at offset 4 ("?") (in "int|?string")
ValueError: MsgPack\unpackAs(): Argument #2 ($type) is not a valid type: expected a type at offset 0 ("\") (in "\")
ValueError: MsgPack\unpackAs(): Argument #2 ($type) is not a valid type: unexpected text at offset 3 ("[") (in "int[]")
ValueError: MsgPack\unpackAs(): Argument #2 ($type) is not a valid type: unexpected text at offset 3 ("&") (in "int&string")
ValueError: MsgPack\unpackAs(): Argument #2 ($type) is not a valid type: expected a type at offset 0 ("(") (in "(int)")
ValueError: MsgPack\unpackAs(): Argument #2 ($type) is not a valid type: expected a type at offset 0 ("1") (in "1int")
-- what cannot be read into
ValueError: MsgPack\unpackAs(): Argument #2 ($type) is not a valid type: object cannot be decoded into (offset 0) (in "object")
ValueError: MsgPack\unpackAs(): Argument #2 ($type) is not a valid type: iterable cannot be decoded into (offset 0) (in "iterable")
ValueError: MsgPack\unpackAs(): Argument #2 ($type) is not a valid type: callable cannot be decoded into (offset 0) (in "callable")
ValueError: MsgPack\unpackAs(): Argument #2 ($type) is not a valid type: void cannot be decoded into (offset 0) (in "void")
ValueError: MsgPack\unpackAs(): Argument #2 ($type) is not a valid type: never cannot be decoded into (offset 0) (in "never")
ValueError: MsgPack\unpackAs(): Argument #2 ($type) is not a valid type: resource cannot be decoded into (offset 0) (in "resource")
ValueError: MsgPack\unpackAs(): Argument #2 ($type) is not a valid type: static cannot be decoded into (offset 0) (in "static")
ValueError: MsgPack\unpackAs(): Argument #2 ($type) is not a valid type: self cannot be decoded into (offset 0) (in "self")
ValueError: MsgPack\unpackAs(): Argument #2 ($type) is not a valid type: parent cannot be decoded into (offset 0) (in "parent")
ValueError: MsgPack\unpackAs(): Argument #2 ($type) is not a valid type: array-key cannot be decoded into (offset 0) (in "array-key")
ValueError: MsgPack\unpackAs(): Argument #2 ($type) is not a valid type: unknown class Nope (in "Nope")
ValueError: MsgPack\unpackAs(): Argument #2 ($type) is not a valid type: unknown class Nope\Deeper (in "\Nope\Deeper")
ValueError: MsgPack\unpackAs(): Argument #2 ($type) is not a valid type: Shape is an interface (in "Shape")
ValueError: MsgPack\unpackAs(): Argument #2 ($type) is not a valid type: Base is abstract (in "Base")
ValueError: MsgPack\unpackAs(): Argument #2 ($type) is not a valid type: T is a trait (in "T")
ValueError: MsgPack\unpackAs(): Argument #2 ($type) is not a valid type: Err extends an internal class that makes its own objects (in "Err")
ValueError: MsgPack\unpackAs(): Argument #2 ($type) is not a valid type: stdClass is an internal class (in "stdClass")
ValueError: MsgPack\unpackAs(): Argument #2 ($type) is not a valid type: ArrayObject is an internal class (in "ArrayObject")
ValueError: MsgPack\unpackAs(): Argument #2 ($type) is not a valid type: Closure is an internal class (in "Closure")
ValueError: MsgPack\unpackAs(): Argument #2 ($type) is not a valid type: Countable is an interface (in "Countable")
ValueError: MsgPack\unpackAs(): Argument #2 ($type) is not a valid type: MsgPack\Map is an internal class (in "MsgPack\Map")
ValueError: MsgPack\unpackAs(): Argument #2 ($type) is not a valid type: DateTimeZone is an internal class (in "DateTimeZone")
-- ambiguous unions: one member per wire type
ValueError: MsgPack\unpackAs(): Argument #2 ($type) is not a valid type: ambiguous: a map could be Plain or Other2 (in "Plain|Other2")
ValueError: MsgPack\unpackAs(): Argument #2 ($type) is not a valid type: ambiguous: a map could be Plain or array (in "Plain|array")
ValueError: MsgPack\unpackAs(): Argument #2 ($type) is not a valid type: ambiguous: an array could be list<int> or array (in "list<int>|array")
ValueError: MsgPack\unpackAs(): Argument #2 ($type) is not a valid type: ambiguous: an array could be list<int> or list<string> (in "list<int>|list<string>")
ValueError: MsgPack\unpackAs(): Argument #2 ($type) is not a valid type: ambiguous: an array could be array<int, int> or list<int> (in "array<int, int>|list<int>")
ValueError: MsgPack\unpackAs(): Argument #2 ($type) is not a valid type: ambiguous: a str could be string or Status (in "string|Status")
ValueError: MsgPack\unpackAs(): Argument #2 ($type) is not a valid type: ambiguous: an int could be int or Level (in "int|Level")
ValueError: MsgPack\unpackAs(): Argument #2 ($type) is not a valid type: ambiguous: a str could be Status or Other (in "Status|Other")
ValueError: MsgPack\unpackAs(): Argument #2 ($type) is not a valid type: ambiguous: a str could be Status or Suit (in "Status|Suit")
ValueError: MsgPack\unpackAs(): Argument #2 ($type) is not a valid type: ambiguous: a timestamp could be DateTime or DateTimeImmutable (in "DateTime|DateTimeImmutable")
ValueError: MsgPack\unpackAs(): Argument #2 ($type) is not a valid type: ambiguous: a timestamp could be DateTimeImmutable or MsgPack\Timestamp (in "DateTimeImmutable|MsgPack\Timestamp")
ValueError: MsgPack\unpackAs(): Argument #2 ($type) is not a valid type: ambiguous: a bin could be string or MsgPack\Bin (in "string|MsgPack\Bin")
ValueError: MsgPack\unpackAs(): Argument #2 ($type) is not a valid type: ambiguous: a map could be Plain or array<string, int> (in "Plain|array<string, int>")
-- not ambiguous
MsgPack\UnpackException: unexpected byte 0xc1 at offset 0
MsgPack\UnpackException: unexpected byte 0xc1 at offset 0
MsgPack\UnpackException: unexpected byte 0xc1 at offset 0
MsgPack\UnpackException: unexpected byte 0xc1 at offset 0
MsgPack\UnpackException: unexpected byte 0xc1 at offset 0
MsgPack\UnpackException: unexpected byte 0xc1 at offset 0
MsgPack\UnpackException: unexpected byte 0xc1 at offset 0
MsgPack\UnpackException: unexpected byte 0xc1 at offset 0
MsgPack\UnpackException: unexpected byte 0xc1 at offset 0
MsgPack\UnpackException: unexpected byte 0xc1 at offset 0
-- property types and attributes
ValueError: MsgPack\unpackAs(): Argument #2 ($type) is not a valid type: WithObject::$o: type object cannot be decoded into (in "WithObject")
ValueError: MsgPack\unpackAs(): Argument #2 ($type) is not a valid type: WithIterable::$i: type iterable cannot be decoded into (in "WithIterable")
ValueError: MsgPack\unpackAs(): Argument #2 ($type) is not a valid type: WithIntersection::$c: an intersection type cannot be decoded into (in "WithIntersection")
ValueError: MsgPack\unpackAs(): Argument #2 ($type) is not a valid type: WithBadName::$x: #[MsgPack\Name] takes a string, int given (in "WithBadName")
ValueError: MsgPack\unpackAs(): Argument #2 ($type) is not a valid type: WithTwoNames::$b: the key "k" is already WithTwoNames::$a's (in "WithTwoNames")
ValueError: MsgPack\unpackAs(): Argument #2 ($type) is not a valid type: NameClash::$b: the key "b" is already NameClash::$a's (in "NameClash")
ValueError: MsgPack\unpackAs(): Argument #2 ($type) is not a valid type: WithListOfOnInt::$n: #[MsgPack\ListOf] needs a property of type array (in "WithListOfOnInt")
ValueError: MsgPack\unpackAs(): Argument #2 ($type) is not a valid type: WithBoth::$a: #[MsgPack\ListOf] and #[MsgPack\MapOf] together (in "WithBoth")
ValueError: MsgPack\unpackAs(): Argument #2 ($type) is not a valid type: WithBadListOf::$a: #[MsgPack\ListOf("list<")]: expected a type at the end (in "WithBadListOf")
ValueError: MsgPack\unpackAs(): Argument #2 ($type) is not a valid type: WithUnknownListOf::$a: #[MsgPack\ListOf("Nope")]: unknown class Nope (in "WithUnknownListOf")
ValueError: MsgPack\unpackAs(): Argument #2 ($type) is not a valid type: Nested::$w: WithObject::$o: type object cannot be decoded into (in "Nested")
ValueError: MsgPack\unpackAs(): Argument #2 ($type) is not a valid type: Nested::$w: WithObject::$o: type object cannot be decoded into (in "list<Nested>")
ValueError: MsgPack\unpackAs(): Argument #2 ($type) is not a valid type: SelfRef::$bad: type object cannot be decoded into (in "SelfRef")
ValueError: MsgPack\unpackAs(): Argument #2 ($type) is not a valid type: UsesSelfRef::$s: SelfRef::$bad: type object cannot be decoded into (in "UsesSelfRef")
-- a failed plan leaves nothing behind: the same again, then types that hold
ValueError: MsgPack\unpackAs(): Argument #2 ($type) is not a valid type: UsesSelfRef::$s: SelfRef::$bad: type object cannot be decoded into (in "UsesSelfRef")
ValueError: MsgPack\unpackAs(): Argument #2 ($type) is not a valid type: unknown class Nope (in "Plain|Nope")
object(Plain)#5 (1) {
  ["x"]=>
  int(5)
}
object(Plain)#5 (1) {
  ["x"]=>
  int(5)
}
-- from Unpacker::unpackAs(), and autoloading
ValueError: MsgPack\Unpacker::unpackAs(): Argument #2 ($type) is not a valid type: unknown class Nope (in "list<Nope>")
autoload Loaded
object(Loaded)#7 (1) {
  ["n"]=>
  int(1)
}
autoload Throws
RuntimeException: cannot load Throws
autoload Missing
ValueError: MsgPack\unpackAs(): Argument #2 ($type) is not a valid type: unknown class Missing (in "list<Missing>")
ValueError: MsgPack\unpackAs(): Argument #3 ($flags) contains unknown flags (0x200)
