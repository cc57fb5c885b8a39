#!/bin/bash
# Trains one model per seed, all at once, for a session lent a GPU machine
# (docs/design/scan-history.md, Training: one seed of a recipe is a lottery on the
# held-out families, and the CPU here trains one in 5 to 10 minutes).
# Each seed runs `train.py` with the shipped recipe (--flip --dropout 0.2,
# 12 epochs) plus whatever options follow, on the crops of
# `make_data.py` (`make train`'s build/train-data, 47 MB: carry it), and
# writes OUT/seed-S.fkm with its log OUT/seed-S.log. Read the models back
# here and judge them through the scanner (`training/eval_scan.py
# build/fenkit --boards 400 --model M`, `training/eval_raw.py`), not on
# the held-out boards alone.
#
# On the device machine, from the repository root (its python3 has
# PyTorch and NumPy):
#   bash training/device_round.sh $OUT "1 2 3 4 5 6 7 8" [train.py options]
# Here, to try the script itself on the CPU: DEVICE=cpu ... --epochs 1
#
# Usage: device_round.sh OUT SEEDS [train.py options...]
set -u
if [ $# -lt 2 ]; then
    echo "usage: device_round.sh OUT SEEDS [train.py options...]" >&2
    exit 2
fi
out=$1
seeds=$2
shift 2
data=${TRAIN_DATA:-build/train-data}
device=${DEVICE:-cuda}
python=${PYTHON:-python3}
if ! ls "$data"/chunk*.npz >/dev/null 2>&1; then
    echo "device_round.sh: no chunks in $data (make them with training/make_data.py and carry the folder)" >&2
    exit 1
fi
mkdir -p "$out"
export PYTHONUNBUFFERED=1
pids=()
for s in $seeds; do
    "$python" training/train.py "$data" "$out/seed-$s.fkm" --seed "$s" --device "$device" \
        --flip --dropout 0.2 "$@" >"$out/seed-$s.log" 2>&1 &
    pids+=($!)
done
failed=0
for p in "${pids[@]}"; do
    wait "$p" || failed=$((failed + 1))
done
for s in $seeds; do
    echo "== seed $s"
    tail -n 2 "$out/seed-$s.log"
done
[ "$failed" -eq 0 ] || echo "device_round.sh: $failed of the runs failed (see their logs)" >&2
exit $((failed > 0))
