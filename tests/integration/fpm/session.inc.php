<?php
// scripts/integration (php-fpm behind nginx): one session hit by every client at once, stored by
// PHP's files handler (which locks it for the whole request) with
// session.serialize_handler=msgpack. Each request checks what it read back (the class, the
// counter twice, the same object under two keys, the last counts) and adds one: the counter
// ends at exactly the number of requests, or a write was lost. ?read only reads.
// Anything wrong: status 500 and a FAIL line.
header('Content-Type: text/plain');
class FpmVisit
{
    public int $n = 0;
    public array $last = [];
    protected ?string $agent = null;
    private array $seen = [];

    public function hit(): void
    {
        $this->n++;
        $this->last = array_slice([...$this->last, $this->n], -5);
        $this->seen[$this->n % 7] = true;
        $this->agent ??= 'ab';
    }
}
function fail(string $why): never
{
    http_response_code(500);
    echo "FAIL $why\n";
    exit;
}
if (isset($_GET['read'])) {
    session_start(['read_and_close' => true]);
    echo json_encode(['n' => $_SESSION['n'] ?? null, 'visit' => ($_SESSION['visit'] ?? null)?->n]), "\n";
    exit;
}
session_start();
$n = $_SESSION['n'] ?? 0;
$v = $_SESSION['visit'] ?? new FpmVisit;
if (!$v instanceof FpmVisit) {
    fail('the session holds a ' . get_debug_type($v));
}
if ($v->n !== $n || ($n > 0 && ($_SESSION['again'] ?? null) !== $v) || ($n > 0 && end($v->last) !== $n)
    || count($v->last) !== min($n, 5)) {
    fail("the session read back is not the one written: n=$n " . json_encode($v));
}
$v->hit();
$_SESSION = ['n' => $v->n, 'visit' => $v, 'again' => $v, 'pad' => str_repeat('x', 200)];
echo "n={$v->n}\n";
