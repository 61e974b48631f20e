<?php
// Driver of diff-unpacker.sh: runs MessagePackUnpacker scenarios with whichever msgpack module
// this process loaded (ours or PECL's), and writes one JSON line per scenario:
// {"k": name, "v": transcript}, the transcript listing each call, what it returned, $offset
// after it and what data() gave. {"start": name} comes first, so that a crash can be told apart.
//
//   php driver-unpacker.inc.php run OUT [SKIP...]   the scenarios (but the SKIP ones) into OUT
//   php driver-unpacker.inc.php count               the number of scenarios
//   php driver-unpacker.inc.php compare OURS REF    prints failures and "N passed, N failed, N skipped"
//
// The streams are made here, in plain PHP (no module), seeded, so both sides get the same bytes:
// every MessagePack format but ext (PECL 2.2 reads an ext as null, this extension as
// MsgPack\Ext), ints of every width in any longer form, strings, bins, lists and maps nested
// up to 3 deep, and PHP objects in PECL's format. Each stream is split at random points and
// given to the unpacker in the ways code does: fed (feed() + execute() until false, with or
// without reset() after each value), from a growing string (execute($buf, $offset)), from
// strings each holding what the last did not consume plus the next piece (or only the next
// piece: the stream then goes wrong, the same way on both sides), mixed, with reset() at random
// points, and with data() calls between.

const STREAMS = 400;

// ---- a MessagePack writer with a choice of forms ------------------------------------------------

function be(int $v, int $bytes): string
{
	$s = '';
	for ($i = 0; $i < $bytes; $i++) {
		$s = chr($v & 0xff) . $s;
		$v >>= 8;
	}
	return $s;
}

function w_int(int $v): string
{
	$forms = [];
	if ($v >= 0) {
		if ($v <= 0x7f) $forms[] = chr($v);
		if ($v <= 0xff) $forms[] = "\xcc" . be($v, 1);
		if ($v <= 0xffff) $forms[] = "\xcd" . be($v, 2);
		if ($v <= 0xffffffff) $forms[] = "\xce" . be($v, 4);
		$forms[] = "\xcf" . be($v, 8);
		if ($v <= 0x7fffffff) $forms[] = "\xd2" . be($v, 4);
		$forms[] = "\xd3" . be($v, 8);
	} else {
		if ($v >= -32) $forms[] = chr($v & 0xff);
		if ($v >= -128) $forms[] = "\xd0" . be($v, 1);
		if ($v >= -32768) $forms[] = "\xd1" . be($v, 2);
		if ($v >= -2147483648) $forms[] = "\xd2" . be($v, 4);
		$forms[] = "\xd3" . be($v, 8);
	}
	return $forms[mt_rand(0, count($forms) - 1)];
}

function w_len(int $n, int $fix_max, int $fix_base, array $wide): string
{
	// $wide: [byte for 8-bit length or null, byte for 16, byte for 32]
	$forms = [];
	if ($n <= $fix_max) $forms[] = chr($fix_base | $n);
	if ($wide[0] !== null && $n <= 0xff) $forms[] = chr($wide[0]) . be($n, 1);
	if ($n <= 0xffff) $forms[] = chr($wide[1]) . be($n, 2);
	$forms[] = chr($wide[2]) . be($n, 4);
	return $forms[mt_rand(0, count($forms) - 1)];
}

function w_str(string $s): string
{
	return w_len(strlen($s), 31, 0xa0, [0xd9, 0xda, 0xdb]) . $s;
}

function w_bin(string $s): string
{
	return w_len(strlen($s), -1, 0, [0xc4, 0xc5, 0xc6]) . $s;
}

function random_bytes_seeded(int $n): string
{
	$s = '';
	for ($i = 0; $i < $n; $i++) {
		$s .= chr(mt_rand(0, 255));
	}
	return $s;
}

function random_int_value(): int
{
	switch (mt_rand(0, 5)) {
		case 0: return mt_rand(-32, 127);
		case 1: return mt_rand(-200, 300);
		case 2: return mt_rand(-70000, 70000);
		case 3: return mt_rand(-0x7fffffff, 0x7fffffff) * 3;
		case 4: return PHP_INT_MAX - mt_rand(0, 5);
		default: return PHP_INT_MIN + mt_rand(0, 5);
	}
}

// Values whose every byte, read as a format byte, is harmless (ints 0-127 in any form, ASCII
// strings up to 127 bytes in any form, lists): streams that go wrong on purpose (lost bytes)
// then make only more of these, never an ext, a nil-keyed map (an object) or 0xc1, on which the
// decoders differ for other reasons than streaming.
function random_plain_value(int $depth): string
{
	switch (mt_rand(0, $depth >= 3 ? 2 : 3)) {
		case 0: case 1:
			return w_int(mt_rand(0, 127));
		case 2:
			$s = '';
			for ($i = mt_rand(0, mt_rand(0, 3) === 0 ? 127 : 10); $i > 0; $i--) {
				$s .= chr(mt_rand(0x20, 0x7e));
			}
			return w_str($s);
		default:
			$n = mt_rand(0, 4);
			$s = w_len($n, 15, 0x90, [null, 0xdc, 0xdd]);
			for ($i = 0; $i < $n; $i++) {
				$s .= random_plain_value($depth + 1);
			}
			return $s;
	}
}

function random_value(int $depth): string
{
	$kinds = $depth >= 3 ? 8 : 11;
	switch (mt_rand(0, $kinds)) {
		case 0: return ["\xc0", "\xc2", "\xc3"][mt_rand(0, 2)];
		case 1: case 2: return w_int(random_int_value());
		case 3: return "\xcb" . pack('E', mt_rand(-1000000, 1000000) / 64);
		case 4: return "\xca" . pack('G', mt_rand(-1000, 1000) / 8);
		case 5: case 6: return w_str(random_bytes_seeded(mt_rand(0, 3) === 0 ? mt_rand(32, 300) : mt_rand(0, 12)));
		case 7: return w_bin(random_bytes_seeded(mt_rand(0, 20)));
		case 8:
			// PHP objects as PECL writes them (a map with a nil key: class, then properties)
			return ["\x83\xc0\xa8stdClass\xa1a\x01\xa1b\x92\x01\x02",
				"\x82\xc0\xa8stdClass\xa1x" . w_str(random_bytes_seeded(mt_rand(0, 5))),
				"\x81\xc0\xa8stdClass"][mt_rand(0, 2)];
		case 9: case 10:
			$n = mt_rand(0, 4);
			$s = w_len($n, 15, 0x90, [null, 0xdc, 0xdd]);
			for ($i = 0; $i < $n; $i++) {
				$s .= random_value($depth + 1);
			}
			return $s;
		default:
			$n = mt_rand(0, 4);
			$s = w_len($n, 15, 0x80, [null, 0xde, 0xdf]);
			for ($i = 0; $i < $n; $i++) {
				// distinct keys, strings and ints (never nil: that makes an object)
				$s .= mt_rand(0, 1) ? w_str("k$i" . random_bytes_seeded(mt_rand(0, 3))) : w_int($i * 7 - 3);
				$s .= random_value($depth + 1);
			}
			return $s;
	}
}

// [bytes, value end offsets]
function random_stream(bool $plain = false): array
{
	$s = '';
	$ends = [];
	for ($n = mt_rand(1, 12); $n > 0; $n--) {
		$s .= $plain ? random_plain_value(0) : random_value(0);
		$ends[] = strlen($s);
	}
	return [$s, $ends];
}

function random_pieces(string $s): array
{
	$pieces = [];
	for ($i = 0; $i < strlen($s);) {
		$n = mt_rand(0, 2) === 0 ? mt_rand(1, 3) : mt_rand(1, 40);
		$pieces[] = substr($s, $i, $n);
		$i += $n;
	}
	return $pieces;
}

// ---- the transcript --------------------------------------------------------------------------------

function show($v): string
{
	try {
		return serialize($v);
	} catch (Throwable $e) {
		return get_class($e);
	}
}

final class Log
{
	public array $lines = [];

	public function exec(MessagePackUnpacker $u, ?string $s = null, &$off = null, bool $with_off = true): bool
	{
		try {
			if ($s === null) {
				$r = $u->execute();
				$this->lines[] = 'execute() ' . var_export($r, true);
			} elseif ($with_off) {
				$r = $u->execute($s, $off);
				$this->lines[] = 'execute(' . bin2hex($s) . ') ' . var_export($r, true) . ' off=' . var_export($off, true);
			} else {
				$r = $u->execute($s);
				$this->lines[] = 'execute(' . bin2hex($s) . ', no offset) ' . var_export($r, true);
			}
		} catch (Throwable $e) {
			$this->lines[] = 'execute: ' . get_class($e) . ': ' . $e->getMessage();
			return false;
		}
		return $r;
	}

	public function data(MessagePackUnpacker $u): void
	{
		$this->lines[] = 'data() ' . show($u->data());
	}

	public function note(string $what): void
	{
		$this->lines[] = $what;
	}
}

// ---- the scenarios ---------------------------------------------------------------------------------

// Fed in pieces: feed(), then execute() until false; reset() after each value if $reset.
function run_fed(array $pieces, bool $reset): array
{
	$u = new MessagePackUnpacker();
	$log = new Log;
	foreach ($pieces as $p) {
		$u->feed($p);
		$log->note('feed ' . bin2hex($p));
		while ($log->exec($u)) {
			$log->data($u);
			if ($reset) {
				$u->reset();
			}
		}
	}
	return $log->lines;
}

// One string that grows: execute($buf, $offset) until false after each piece.
function run_growing(array $pieces, bool $data_on_false): array
{
	$u = new MessagePackUnpacker();
	$log = new Log;
	$buf = '';
	$off = 0;
	foreach ($pieces as $p) {
		$buf .= $p;
		while ($log->exec($u, $buf, $off)) {
			$log->data($u);
		}
		if ($data_on_false) {
			$log->data($u);
		}
	}
	return $log->lines;
}

// A new string each time: what the last did not consume, then the next piece.
function run_replaced(array $pieces, bool $null_offset): array
{
	$u = new MessagePackUnpacker();
	$log = new Log;
	$s = '';
	foreach ($pieces as $p) {
		$s .= $p;
		$off = $null_offset ? null : 0;
		while ($log->exec($u, $s, $off)) {
			$log->data($u);
		}
		$s = substr($s, $off ?? 0);
	}
	return $log->lines;
}

// A new string each time with only the next piece: the bytes not consumed of the last one (an
// int, a length or a payload cut) are lost, so the stream goes wrong from there; both sides must
// go wrong the same way.
function run_replaced_lossy(array $pieces): array
{
	$u = new MessagePackUnpacker();
	$log = new Log;
	foreach ($pieces as $p) {
		$off = 0;
		while ($off < strlen($p) && $log->exec($u, $p, $off)) {
			$log->data($u);
		}
	}
	return $log->lines;
}

// Fed or as new strings, with reset() at random points, also inside a value (the value in
// progress goes, fed bytes not consumed stay): streams of plain values only, since what follows
// is read from the middle of a value.
function run_resets(array $pieces, bool $fed, int $seed): array
{
	mt_srand($seed);
	$u = new MessagePackUnpacker();
	$log = new Log;
	$s = '';
	foreach ($pieces as $p) {
		if ($fed) {
			$u->feed($p);
			$log->note('feed ' . bin2hex($p));
		} else {
			$s .= $p;
		}
		do {
			if (mt_rand(0, 3) === 0) {
				$u->reset();
				$log->note('reset()');
			}
			if ($fed) {
				$r = $log->exec($u);
			} else {
				$off = 0;
				$r = $log->exec($u, $s, $off);
				$s = substr($s, $off);
			}
			if ($r) {
				$log->data($u);
			}
		} while ($r);
	}
	return $log->lines;
}

// Pieces given one way or another: fed, or as strings. A piece goes as a string only when the
// fed bytes are all consumed (the pieces fed so far end where a value ends, and execute() was
// called until false); what a string did not consume is fed, or given again with the next.
function run_mixed(array $pieces, array $ends): array
{
	$u = new MessagePackUnpacker();
	$log = new Log;
	$fed_clean = true;
	$pos = 0;
	$rest = '';
	foreach ($pieces as $p) {
		$pos += strlen($p);
		if ($fed_clean && $rest === '' ? mt_rand(0, 1) : false) {
			$s = $p;
			$off = mt_rand(0, 3) === 0 ? null : 0;
			while ($log->exec($u, $s, $off)) {
				$log->data($u);
			}
			$rest = substr($s, $off ?? 0);
			continue;
		}
		if (mt_rand(0, 1) && $rest !== '' && $fed_clean) {
			// the rest of the string goes on as a string, with the next piece
			$s = $rest . $p;
			$off = 0;
			while ($log->exec($u, $s, $off)) {
				$log->data($u);
			}
			$rest = substr($s, $off);
			continue;
		}
		$u->feed($rest . $p);
		$log->note('feed ' . bin2hex($rest . $p));
		$rest = '';
		while ($log->exec($u)) {
			$log->data($u);
		}
		$fed_clean = in_array($pos, $ends, true);
	}
	return $log->lines;
}

// The systematic cases: [name => closure(Log)]
function systematic_cases(): array
{
	$c = [];
	$c['issue example'] = function (Log $l) {
		$u = new MessagePackUnpacker();
		$s = "\x93\x01\x02\x03\x92";
		$off = 0;
		$l->exec($u, $s, $off);
		$l->data($u);
		$u->reset();
		$l->exec($u, $s, $off);
		$l->data($u);
		$off = 0;
		$l->exec($u, "\x01\x02", $off);
		$l->data($u);
	};
	// each format split after each of its bytes, the rest given as a new string from 0 (the
	// bytes not consumed given again, or not), inside a list and at the top
	$formats = ["\x05", "\xcc\x80", "\xcd\x01\x02", "\xce\x01\x02\x03\x04", "\xcf\x00\x00\x00\x00\x01\x02\x03\x04",
		"\xd0\x80", "\xd1\x80\x00", "\xd2\x80\x00\x00\x00", "\xd3\x80\x00\x00\x00\x00\x00\x00\x01",
		"\xca\x3f\xc0\x00\x00", "\xcb\x3f\xf8\x00\x00\x00\x00\x00\x00", "\xa3abc", "\xd9\x03abc",
		"\xda\x00\x03abc", "\xdb\x00\x00\x00\x03abc", "\xc4\x02xy", "\xc5\x00\x02xy", "\xc6\x00\x00\x00\x02xy",
		"\x92\x01\x02", "\xdc\x00\x02\x01\x02", "\xdd\x00\x00\x00\x02\x01\x02", "\x81\xa1k\x01",
		"\xde\x00\x01\xa1k\x01", "\xdf\x00\x00\x00\x01\xa1k\x01", "\xc0", "\xc2", "\xc3", "\xa0", "\x90", "\x80",
		"\x82\xc0\xa8stdClass\xa1a\x01"];
	foreach ($formats as $f) {
		foreach (['top' => '', 'list' => "\x92\x07"] as $where => $prefix) {
			$whole = $prefix . $f . "\x09";
			// (an object's bytes, lost, leave a map with int keys made an object: PECL's objects
			// then have int property names, ours string ones, a difference of the decoders)
			$hows = str_contains($f, "\xc0") ? ['again'] : ['again', 'lost'];
			for ($cut = 1; $cut < strlen($whole); $cut++) {
				foreach ($hows as $how) {
					$c["split " . bin2hex($f) . " $where at $cut, rest $how"] = function (Log $l) use ($whole, $cut, $how) {
						$u = new MessagePackUnpacker();
						$off = 0;
						$a = substr($whole, 0, $cut);
						while ($l->exec($u, $a, $off)) {
							$l->data($u);
						}
						$b = ($how === 'again' ? substr($a, $off) : '') . substr($whole, $cut);
						$off = 0;
						while ($l->exec($u, $b, $off)) {
							$l->data($u);
						}
						$l->data($u);
					};
				}
			}
		}
	}
	$c['str8 payload given in parts'] = function (Log $l) {
		$u = new MessagePackUnpacker();
		foreach (["\xd9", "\x05a", "ab", "abcdef", "\x01"] as $s) {
			$off = 0;
			$l->exec($u, $s, $off);
		}
		$l->data($u);
	};
	$c['offsets at the end and past consumed bytes'] = function (Log $l) {
		$u = new MessagePackUnpacker();
		foreach ([["\x92\x01", 2], ["\x92\x01", 0], ["\x92\x01", 2], ["\x02\x03", 0], ["\x02\x03", 1], ["", 0]] as [$s, $off]) {
			$l->exec($u, $s, $off);
			$l->data($u);
		}
	};
	$c['null offsets'] = function (Log $l) {
		$u = new MessagePackUnpacker();
		foreach (["", "\x92", "\x01", "\x02\x03", "\xcd\x01"] as $s) {
			$off = null;
			$l->exec($u, $s, $off);
			$l->data($u);
		}
	};
	$c['no offset argument'] = function (Log $l) {
		$u = new MessagePackUnpacker();
		$u->feed("\x01\x02\x03");
		$l->exec($u, "\x92\x05", $off, false);
		$l->exec($u, "\x06", $off, false);
		$l->data($u);
		$l->exec($u);
		$l->data($u);
		$l->exec($u, "\x05\x06", $off, false);
		$l->exec($u, "\x05\x06", $off, false);
		$l->data($u);
		$l->exec($u);
		$l->data($u);
	};
	$c['fed, then a string'] = function (Log $l) {
		$u = new MessagePackUnpacker();
		$u->feed("\x92\x01");
		$l->exec($u);
		$off = 0;
		$l->exec($u, "\x02", $off);
		$l->data($u);
		$l->exec($u);
		$l->data($u);
		$u->feed("\x03");
		$l->exec($u);
		$l->data($u);
	};
	$c['a string, then fed'] = function (Log $l) {
		$u = new MessagePackUnpacker();
		$off = 0;
		$l->exec($u, "\x93\x01\xcd\x01", $off);
		$u->feed("\x01\x02\x03");
		$l->exec($u);
		$l->data($u);
		$l->exec($u);
		$l->data($u);
	};
	$c['fed: an int cut in its bytes, reset()'] = function (Log $l) {
		$u = new MessagePackUnpacker();
		$u->feed("\x92\xcd\x01");
		$l->exec($u);
		$u->reset();
		$l->exec($u);
		$l->data($u);
		$u->feed("\x05");
		$l->exec($u);
		$l->data($u);
	};
	$c['fed: a str cut in its length, reset()'] = function (Log $l) {
		$u = new MessagePackUnpacker();
		$u->feed("\x91\xda\x00");
		$l->exec($u);
		$u->reset();
		$u->feed("\x03");
		$l->exec($u);
		$l->data($u);
		$l->exec($u);
		$l->data($u);
	};
	$c['reset() in a string value'] = function (Log $l) {
		$u = new MessagePackUnpacker();
		$off = 0;
		$l->exec($u, "\x92\x01", $off);
		$u->reset();
		$off = 0;
		$l->exec($u, "\x05", $off);
		$l->data($u);
	};
	$c['data() between'] = function (Log $l) {
		$u = new MessagePackUnpacker();
		$off = 0;
		$l->exec($u, "\x92\x01", $off);
		$l->data($u);
		$off = 0;
		$l->exec($u, "\x02", $off);
		$l->data($u);
		$l->data($u);
	};
	$c['values not taken'] = function (Log $l) {
		$u = new MessagePackUnpacker();
		$s = "\x01\x02\x92\x03";
		$off = 0;
		$l->exec($u, $s, $off);
		$l->data($u);
		$l->exec($u, $s, $off);
		$l->exec($u, $s, $off);
		$l->data($u);
		$off = 0;
		$l->exec($u, "\x04", $off);
		$l->data($u);
	};
	$c['invalid byte in a string: stops there, the value in progress stays'] = function (Log $l) {
		$u = new MessagePackUnpacker();
		$s = "\x92\x01\xc1\x02";
		$off = 0;
		$l->exec($u, $s, $off);
		$l->data($u);
		$l->exec($u, $s, $off);
		$off++;
		$l->exec($u, $s, $off);
		$l->data($u);
		$off = 0;
		$l->exec($u, "\xc1", $off);
		$u->reset();
		$off = 1;
		$l->exec($u, "\xc1\x07", $off);
		$l->data($u);
	};
	$c['invalid byte fed: false, again false'] = function (Log $l) {
		$u = new MessagePackUnpacker();
		$u->feed("\x01\x92\x01\xc1\x02");
		$l->exec($u);
		$l->data($u);
		$l->exec($u);
		$l->exec($u);
		$u->feed("\x03");
		$l->exec($u);
		$off = 0;
		$l->exec($u, "\x05", $off);
		$l->data($u);
		$l->exec($u);
	};
	// after reset() PECL's unpacker stays on the invalid byte for ever (see expected_differences)
	$c['invalid byte fed, then reset()'] = function (Log $l) {
		$u = new MessagePackUnpacker();
		$u->feed("\x92\x01\xc1\x02");
		$l->exec($u);
		$u->reset();
		$l->exec($u);
		$l->data($u);
	};
	return $c;
}

function scenarios(): array
{
	$all = systematic_cases();
	foreach ($all as $name => $f) {
		$all[$name] = function () use ($f) {
			$l = new Log;
			$f($l);
			return $l->lines;
		};
	}
	mt_srand(20261122);
	for ($i = 0; $i < STREAMS; $i++) {
		[$stream, $ends] = random_stream();
		$pieces = random_pieces($stream);
		$seed = mt_rand();
		$all["stream $i fed"] = fn () => run_fed($pieces, false);
		$all["stream $i fed, reset() after each value"] = fn () => run_fed($pieces, true);
		$all["stream $i growing string"] = fn () => run_growing($pieces, $i % 2 === 0);
		$all["stream $i new strings"] = fn () => run_replaced($pieces, $i % 3 === 0);
		[$plain] = random_stream(true);
		$plain_pieces = random_pieces($plain);
		$all["stream $i new strings, the rest lost"] = fn () => run_replaced_lossy($plain_pieces);
		$all["stream $i fed, reset() at random"] = fn () => run_resets($plain_pieces, true, $seed);
		$all["stream $i new strings, reset() at random"] = fn () => run_resets($plain_pieces, false, $seed);
		$all["stream $i mixed"] = function () use ($pieces, $ends, $seed) {
			mt_srand($seed);
			return run_mixed($pieces, $ends);
		};
		// the pieces by bytes: every value goes through a cut in each of its items
		if ($i % 10 === 0) {
			$bytes = str_split($stream);
			$all["stream $i fed byte by byte"] = fn () => run_fed($bytes, false);
			$all["stream $i new strings byte by byte"] = fn () => run_replaced($bytes, false);
		}
	}
	return $all;
}

// Where PECL's behaviour is a defect (a crash, corrupt data, an unpacker that can never read
// again), the difference is expected: [name => [our transcript, PECL's transcript, reason]].
// Each passes only while the two transcripts are exactly these.
function expected_differences(): array
{
	return [
		'invalid byte fed, then reset()' => [
			"execute() false\nexecute() true\ndata() i:2;",
			"execute() false\nexecute() false\ndata() b:0;",
			'PECL\'s reset() keeps the invalid byte, so its unpacker says false for ever; ours drops it and reads on'],
		'values not taken' => [
			"execute(01029203) true off=1\ndata() i:1;\nexecute(01029203) true off=2\nexecute(01029203) false off=4\ndata() b:0;\nexecute(04) true off=1\ndata() a:2:{i:0;i:3;i:1;i:4;}",
			"execute(01029203) true off=1\ndata() i:1;\nexecute(01029203) true off=2\nexecute(01029203) false off=4\ndata() a:1:{i:0;i:3;}\nexecute(04) true off=1\ndata() i:4;",
			'PECL\'s data() after an execute() that said false hands out the half-built value in progress when the value before was not taken; ours hands out nothing half-built'],
	];
}

// ---- main ---------------------------------------------------------------------------------------------

$mode = $argv[1] ?? '';
if ($mode === 'count') {
	echo count(scenarios()), "\n";
	exit(0);
}
if ($mode === 'run') {
	$out = fopen($argv[2], 'a');
	$skip = array_flip(array_slice($argv, 3));
	foreach (scenarios() as $name => $f) {
		if (isset($skip[$name])) {
			continue;
		}
		fwrite($out, json_encode(['start' => $name]) . "\n");
		fflush($out);
		$lines = $f();
		fwrite($out, json_encode(['k' => $name, 'v' => implode("\n", $lines)], JSON_INVALID_UTF8_SUBSTITUTE) . "\n");
		fflush($out);
	}
	exit(0);
}
if ($mode === 'compare') {
	$load = function (string $file): array {
		$r = [];
		foreach (file($file, FILE_IGNORE_NEW_LINES | FILE_SKIP_EMPTY_LINES) as $line) {
			$j = json_decode($line, true);
			if (isset($j['k'])) {
				$r[$j['k']] = $j['v'];
			}
		}
		return $r;
	};
	$ours = $load($argv[2]);
	$ref = $load($argv[3]);
	$expected = expected_differences();
	$passed = $failed = 0;
	foreach (array_keys(scenarios()) as $name) {
		$o = $ours[$name] ?? 'MISSING';
		$r = $ref[$name] ?? 'MISSING';
		// ours crashed or has no transcript: a failure, whatever PECL did
		if ($o === 'MISSING' || str_starts_with($o, 'CRASH')) {
			$failed++;
			echo "FAIL: $name: ours ", $o === 'MISSING' ? 'has no transcript' : 'crashed', " (PECL: ", substr($r, 0, 80), ")\n";
			continue;
		}
		if (isset($expected[$name])) {
			[$want_o, $want_r, $why] = $expected[$name];
			if ($o === $want_o && $r === $want_r) {
				$passed++;
			} else {
				$failed++;
				echo "FAIL: $name: not the expected difference ($why)\n--- ours\n$o\n--- PECL\n$r\n";
			}
			continue;
		}
		if ($o === $r) {
			$passed++;
			continue;
		}
		$failed++;
		echo "FAIL: $name\n";
		$ol = explode("\n", $o);
		$rl = explode("\n", $r);
		for ($i = 0; $i < max(count($ol), count($rl)); $i++) {
			if (($ol[$i] ?? '') !== ($rl[$i] ?? '')) {
				echo "  at call $i:\n";
				for ($j = max(0, $i - 3); $j < $i; $j++) {
					echo "         ", substr($rl[$j] ?? '', 0, 200), "\n";
				}
				echo "    ref: ", substr($rl[$i] ?? '(none)', 0, 200), "\n";
				echo "    ours: ", substr($ol[$i] ?? '(none)', 0, 200), "\n";
				break;
			}
		}
	}
	echo "$passed passed, $failed failed, 0 skipped\n";
	exit($failed ? 1 : 0);
}
fwrite(STDERR, "usage: driver-unpacker.inc.php run OUT [SKIP...] | count | compare OURS REF\n");
exit(2);
