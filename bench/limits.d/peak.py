"""What the rows of bench/limits.d share: the peak RSS of a process."""


def peak(pid):
    """The peak resident memory of process pid in MiB (VmHWM), -1 when gone."""
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) // 1024
    return -1
