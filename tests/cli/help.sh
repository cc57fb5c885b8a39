# Every command's --help (with examples), --version, and the usage errors of
# the dispatcher.
source "$(dirname "$0")/lib/common.bash" "$1"

ALL="check explain show normalize render moves play perft pgn serve scan learn-set analyse"
for command in $ALL; do
    for flag in --help -h; do
        step "fenkit $command $flag"
        fk "$command" "$flag"
        expect_rc 0
        err_empty
        out_has "Usage: fenkit $command"
        out_has "Examples:"
        out_has "  fenkit $command "
        out_has "Exit status:"
    done
done

step "normalize --help says failed lines are left out"
fk normalize --help
out_has "LEFT OUT"

step "fenkit --help and fenkit help list the commands"
fk --help
expect_rc 0
for command in $ALL help; do out_has "  $command "; done
cp "$TMP/out" "$TMP/listed"
fk help
expect_rc 0
cmp -s "$TMP/listed" "$TMP/out" || fail "fenkit help differs from fenkit --help"

step "fenkit help COMMAND is that command's --help"
for command in $ALL; do
    fk "$command" --help
    cp "$TMP/out" "$TMP/want"
    fk help "$command"
    expect_rc 0
    cmp -s "$TMP/want" "$TMP/out" || fail "fenkit help $command differs from its --help"
done
fk help frobnicate
expect_rc 2
err_has "'frobnicate' is not a command"

step "--version"
fk --version
expect_rc 0
grep -qE '^fenkit [0-9]+\.[0-9]+\.[0-9]+$' "$TMP/out" || fail "version line"

step "no command, unknown command: exit 2"
fk
expect_rc 2
fk frobnicate
expect_rc 2
err_has "'frobnicate' is not a command"

pass
