"""Builds a fuzz target's corpus and dictionary from its seed files (run by scripts/fuzz).

Seeds larger than --split-above are replaced by smaller ones of the same shape: the document
with its largest array cut to one element, once for each element, so that the fuzzer starts from
real records it can afford to mutate (a whole 50 kB page is mutated five times slower). The dictionary gets the keys found in the seeds.
"""
import argparse
import hashlib
import json
import os
import re
import sys


def largest_array(node, path=()):
    """The path to the array with the longest JSON text in the document, or None."""
    best, best_size = None, 0
    stack = [(node, path)]
    while stack:
        value, where = stack.pop()
        if isinstance(value, list):
            size = len(json.dumps(value))
            if len(value) > 1 and size > best_size:
                best, best_size = where, size
            stack.extend((item, where + (index,)) for index, item in enumerate(value))
        elif isinstance(value, dict):
            stack.extend((item, where + (key,)) for key, item in value.items())
    return best


def replaced(node, path, new):
    if not path:
        return new
    copy = list(node) if isinstance(node, list) else dict(node)
    copy[path[0]] = replaced(node[path[0]], path[1:], new)
    return copy


def get(node, path):
    for key in path:
        node = node[key]
    return node


def smaller_seeds(data, max_len):
    """Copies of the document with its largest array cut to each one of its elements."""
    try:
        document = json.loads(data)
    except ValueError:
        return [data[:max_len]]
    path = largest_array(document)
    if path is None:
        return [data[:max_len]]
    seeds = []
    for element in get(document, path):
        text = json.dumps(replaced(document, path, [element]), ensure_ascii=False, indent=1).encode()
        if len(text) <= max_len:
            seeds.append(text)
    return seeds


def tokens(data):
    text = data.decode("utf-8", "replace")
    found = set(re.findall(r'"([A-Za-z0-9_.-]{1,40})"\s*:', text))
    found |= set(re.findall(r"^\s*([A-Za-z0-9_]{1,40})\s*=", text, re.M))
    found |= set(re.findall(r"^\s*\[([A-Za-z0-9_.]{1,60})\]", text, re.M))
    return found


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--split-above", type=int, required=True)
    parser.add_argument("--corpus", required=True)
    parser.add_argument("--dict-in")
    parser.add_argument("--dict-out", required=True)
    parser.add_argument("seeds", nargs="*")
    args = parser.parse_args()

    keys = set()
    count = 0
    for seed in args.seeds:
        with open(seed, "rb") as file:
            data = file.read()
        keys |= tokens(data)
        for part in [data] if len(data) <= args.split_above else smaller_seeds(data, args.split_above):
            name = hashlib.sha1(part).hexdigest()
            with open(os.path.join(args.corpus, name), "wb") as out:
                out.write(part)
            count += 1

    with open(args.dict_out, "w") as out:
        if args.dict_in:
            with open(args.dict_in) as base:
                out.write(base.read())
        for key in sorted(keys):
            out.write(json.dumps(key) + "\n")
    print(f"{count} seeds, {len(keys)} keys", file=sys.stderr)


if __name__ == "__main__":
    main()
