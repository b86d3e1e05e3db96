#!/usr/bin/env python3
"""A large history shaped like the NCA sample, for the benchmarks: deterministic from a seed.

    bench/generate_history.py SCALE OUT_DIR [--seed N] [--sample tests/data/nca-history]
    bench/generate_history.py --appearances N OUT_DIR [--seed N]


Writes OUT_DIR/events.csv and OUT_DIR/results.csv in the format of tests/data/nca-history (see its
README.md). The sample's events are copied SCALE times (SCALE may be fractional above 1: the last
copy takes that share of the events): each copy keeps an event's format, group, tour, tier, season
and field size, moves its date by up to a week within the same month, and has its own players, so
careers (first and last events, activity) keep the sample's shape. A tenth of the entrants of every
copy come from another copy, so the copies form one connected history, as a bigger federation
would. Finishing orders follow a hidden skill of each player plus noise. The same SCALE, seed and
sample give the same bytes. --appearances N picks the SCALE that gives about N finishes (player
appearances): --appearances 1000000 is SCALE 149.1 of the sample's 6,707 finishes, ~23k events,
~250k players, in a few seconds and under 200 MB.
"""

import argparse
import csv
import datetime
import os
import random


def read_sample(folder):
    with open(os.path.join(folder, "events.csv"), newline="") as f:
        events = list(csv.DictReader(f))
    with open(os.path.join(folder, "results.csv"), newline="") as f:
        results = list(csv.DictReader(f))
    units = {}  # event_id -> list of lists of player ids, by place
    for row in results:
        per_event = units.setdefault(row["event_id"], {})
        key = (int(row["place"]), row["team"] or row["player_id"])
        per_event.setdefault(key, []).append(int(row["player_id"]))
    ordered = {e: [players for _, players in sorted(u.items())] for e, u in units.items()}
    return events, ordered


def shifted_date(text, rng):
    day = datetime.date.fromisoformat(text)
    moved = day + datetime.timedelta(days=rng.randint(-7, 7))
    if moved.month != day.month:
        moved = day
    return moved


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                     usage="%(prog)s SCALE OUT_DIR [--seed N] [--sample DIR]\n"
                                           "       %(prog)s --appearances N OUT_DIR [--seed N] [--sample DIR]")
    parser.add_argument("scale_and_out", nargs="+", metavar="[SCALE] OUT_DIR")
    parser.add_argument("--appearances", type=int, help="about this many finishes in all (in place of SCALE)")
    parser.add_argument("--seed", type=int, default=20260521)
    here = os.path.dirname(os.path.abspath(__file__))
    parser.add_argument("--sample", default=os.path.join(here, "..", "tests", "data", "nca-history"))
    args = parser.parse_args()
    if args.appearances is None and len(args.scale_and_out) == 2:
        try:
            args.scale = float(args.scale_and_out[0])
        except ValueError:
            parser.error("SCALE must be a number")
    elif args.appearances is not None and len(args.scale_and_out) == 1:
        args.scale = None
    else:
        parser.error("give SCALE OUT_DIR, or --appearances N OUT_DIR")
    args.out = args.scale_and_out[-1]

    rng = random.Random(args.seed)
    events, units = read_sample(args.sample)
    if args.scale is None:
        finishes = sum(len(team) for u in units.values() for team in u)
        args.scale = args.appearances / finishes
    if args.scale < 1:
        parser.error("SCALE must be at least 1 (--appearances at least the sample's finishes)")
    sample_players = sorted({p for u in units.values() for team in u for p in team})
    copies = int(args.scale) + (1 if args.scale > int(args.scale) else 0)
    # Player p of copy k is p * copies + k: ids stay integers and unique.
    skill = {}

    def player(p, k):
        pid = p * copies + k
        if pid not in skill:
            skill[pid] = rng.gauss(0.0, 1.5)
        return pid

    rows_events = []
    rows_results = []
    next_id = 1
    for k in range(copies):
        share = args.scale - k if k == copies - 1 and args.scale < copies else 1.0
        for e in events:
            if share < 1.0 and rng.random() >= share:
                continue
            date = shifted_date(e["date"], rng)
            taken = set()
            teams = []
            for team in units[e["event_id"]]:
                members = []
                for p in team:
                    k2 = rng.randrange(copies) if copies > 1 and rng.random() < 0.1 else k
                    pid = player(p, k2)
                    if pid in taken:
                        pid = player(p, k)
                    if pid in taken:
                        pid = player(rng.choice(sample_players), k)
                    while pid in taken:
                        pid = player(rng.choice(sample_players), rng.randrange(copies))
                    taken.add(pid)
                    members.append(pid)
                teams.append(members)
            performance = [(sum(skill[p] for p in t) / len(t) + rng.gauss(0.0, 1.0), i) for i, t in enumerate(teams)]
            performance.sort(key=lambda x: -x[0])
            event_id = next_id
            next_id += 1
            suffix = "" if k == 0 else " #%d" % (k + 1)
            rows_events.append([event_id, date.isoformat(), e["name"] + suffix, e["format"], e["group"], e["tour"],
                                e["tier"], e["season"], len(teams)])
            for place, (_, i) in enumerate(performance, start=1):
                for p in teams[i]:
                    rows_results.append([event_id, place, p, place if e["format"] == "doubles" else ""])

    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, "events.csv"), "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["event_id", "date", "name", "format", "group", "tour", "tier", "season", "field_size"])
        w.writerows(rows_events)
    with open(os.path.join(args.out, "results.csv"), "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["event_id", "place", "player_id", "team"])
        w.writerows(rows_results)
    print("%d events, %d finishes, %d players in %s" % (len(rows_events), len(rows_results), len(skill), args.out))


if __name__ == "__main__":
    main()
