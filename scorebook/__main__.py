"""`scorebook` and `python -m scorebook`: the command line, loaded here so that a Ctrl-C while
its modules load ends as one at a command does (one line, exit 130), not in a traceback."""

import sys


def main() -> None:
    try:
        from scorebook.cli import main as run
    except KeyboardInterrupt:
        print("\nscorebook: interrupted" if sys.stderr.isatty() else "scorebook: interrupted", file=sys.stderr)
        raise SystemExit(130) from None
    run()


if __name__ == "__main__":
    main()
