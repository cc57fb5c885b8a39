/* FENs pasted with another notation's piece letters, recognised and said
 * in FEN's letters: a note, not a reading, so the FEN stays invalid until
 * the reader writes it the standard way. */
#include "common/notation.h"

#include <stdio.h>
#include <string.h>

#include "common/i18n.h"

/* The piece letters of each notation, in FEN's order K Q R B N P. */
static const struct {
    const char *name;
    const char *letters;
} sets[] = {
    {N_("German"), "KDTLSB"},             /* König Dame Turm Läufer Springer Bauer */
    {N_("French"), "RDTFCP"},             /* Roi Dame Tour Fou Cavalier Pion */
    {N_("Spanish or Italian"), "RDTACP"}, /* Rey/Re Dama/Donna Torre Alfil/Alfiere ... */
    {N_("Vietnamese"), "VHXTMP"},         /* Vua Hậu Xe Tượng Mã, pawns as P */
    {NULL, NULL}, /* figurines ♔♕♖♗♘♙ ♚♛♜♝♞♟ (NOTATION_FIGURINES), said apart */
};
#define NSETS (int)(sizeof sets / sizeof sets[0])

static const char fen_letters[] = "KQRBNP";

/* Maps the placement p (n bytes) to FEN's letters by set k into out (cap
 * bytes); notes the letters read differently in pairs into pairs[24].
 * Returns the length, or 0 when a byte is no letter of the set. */
static size_t map_placement(int k, const char *p, size_t n, char *out, size_t cap, char pairs[24]) {
    size_t len = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)p[i];
        char mapped = 0;
        if (c == '/' || (c >= '1' && c <= '8')) {
            mapped = (char)c;
        } else if (!sets[k].letters) {
            /* figurines: U+2654..U+265F are E2 99 94..9F; FEN letters pass */
            if (c == 0xE2 && i + 2 < n && (unsigned char)p[i + 1] == 0x99 &&
                (unsigned char)p[i + 2] >= 0x94 && (unsigned char)p[i + 2] <= 0x9F) {
                int f = (unsigned char)p[i + 2] - 0x94;
                mapped = f < 6 ? fen_letters[f] : (char)(fen_letters[f - 6] + 32);
                i += 2;
            } else if (c < 0x80 && strchr("KQRBNPkqrbnp", c)) {
                mapped = (char)c;
            }
        } else if (c < 0x80) {
            int lower = c >= 'a' && c <= 'z';
            const char *at = strchr(sets[k].letters, lower ? c - 32 : c);
            if (at && *at) {
                char fen = fen_letters[at - sets[k].letters];
                mapped = lower ? (char)(fen + 32) : fen;
                char up = (char)(lower ? c - 32 : c), pair[3] = {up, fen, 0};
                size_t used = strlen(pairs);
                int seen = 0;
                for (size_t j = 0; j < used; j += 2)
                    seen |= pairs[j] == up;
                if (up != fen && !seen && used + 2 < 24) strcat(pairs, pair);
            }
        }
        if (!mapped || len + 1 >= cap) return 0;
        out[len++] = mapped;
    }
    out[len] = '\0';
    return len;
}

/* 1 when the placement holds one king of each side. */
static int one_king_each(const char *placement) {
    int white = 0, black = 0;
    for (const char *c = placement; *c; c++) {
        white += *c == 'K';
        black += *c == 'k';
    }
    return white == 1 && black == 1;
}

/* Writes the note's sentence from its arguments, in the reader's language
 * when translate, else in English. */
static void notation_message(const fk_problem_args *a, char *out, size_t cap, int translate) {
#define T(msgid) (translate ? _(msgid) : (msgid))
    if (a->n[0] & (1 << NOTATION_FIGURINES)) {
        snprintf(out, cap, "%s",
                 T(N_("The placement uses chess figurines; in FEN they are the letters K Q R B N "
                      "P for White and k q r b n p for Black.")));
        return;
    }
    char names[160] = "", read[32] = "", fen[32] = "";
    for (int k = 0; k < NSETS; k++) {
        if (!(a->n[0] & (1 << k)) || !sets[k].name) continue;
        size_t used = strlen(names);
        snprintf(names + used, sizeof names - used, "%s%s", used ? T(N_(" or ")) : "",
                 T(sets[k].name));
    }
    for (size_t j = 0; a->quote[j] && a->quote[j + 1]; j += 2) {
        size_t r = strlen(read), f = strlen(fen);
        snprintf(read + r, sizeof read - r, "%s%c", r ? ", " : "", a->quote[j]);
        snprintf(fen + f, sizeof fen - f, "%s%c", f ? ", " : "", a->quote[j + 1]);
    }
    snprintf(out, cap, T(N_("The placement uses %1$s piece letters (%2$s); in FEN they are %3$s.")),
             names, read, fen);
#undef T
}

int notation_note(const char *text, size_t len, fk_problems *problems) {
    int bad = 0;
    for (int i = 0; i < problems->count; i++)
        bad |= problems->items[i].code == FK_PROB_BAD_PIECE;
    if (!bad) return 0;
    size_t start = 0;
    while (start < len && (text[start] == ' ' || text[start] == '\t'))
        start++;
    size_t end = start;
    while (end < len && !strchr(" \t\r\n_", text[end]))
        end++;
    char placement[128], first[128] = "";
    fk_problem_args args = {.variant = NOTATION_LETTERS_VARIANT};
    for (int k = 0; k < NSETS; k++) {
        char pairs[24] = "";
        if (!map_placement(k, text + start, end - start, placement, sizeof placement, pairs) ||
            !one_king_each(placement))
            continue;
        if (!first[0]) {
            memcpy(first, placement, sizeof first);
            memcpy(args.quote, pairs, sizeof pairs);
        }
        /* two notations that read these letters alike are both named */
        if (strcmp(first, placement) == 0) args.n[0] |= 1 << k;
    }
    if (!first[0]) return 0;
    /* the fix: the FEN as FEN's letters give it, canonical when it reads */
    char fixed[FK_FEN_MAX + 256];
    snprintf(fixed, sizeof fixed, "%.*s%s%.*s", (int)start, text, first, (int)(len - end),
             text + end);
    fk_position pos;
    fk_problems again;
    if (fk_fen_validate(fixed, strlen(fixed), FK_FEN_TOLERANT, &pos, &again) == FK_OK &&
        fk_problems_fen_read(&again))
        fk_fen_write(&pos, FK_EP_LEGAL, fixed, sizeof fixed);
    char message[200];
    notation_message(&args, message, sizeof message, 0);
    /* First in the list, so that the errors it explains do not push it out. */
    if (problems->count == FK_MAX_PROBLEMS) {
        problems->count--;
        problems->dropped++;
    }
    fk_problem *p = fk_problems_add(problems, FK_PROB_NONSTANDARD, FK_SEV_NOTE, FK_FIELD_PLACEMENT,
                                    (int)start, 0, fixed, "%s", message);
    if (!p) return 0;
    p->args = args;
    fk_problem note = *p;
    memmove(&problems->items[1], &problems->items[0], (size_t)(problems->count - 1) * sizeof note);
    problems->items[0] = note;
    return 1;
}

int notation_is_note(const fk_problem *p) {
    return p->code == FK_PROB_NONSTANDARD && p->field == FK_FIELD_PLACEMENT &&
           p->args.variant == NOTATION_LETTERS_VARIANT;
}

int notation_text(const fk_problem *p, char *msg, size_t msg_cap) {
    if (!notation_is_note(p)) return 0;
    notation_message(&p->args, msg, msg_cap, 1);
    return 1;
}
