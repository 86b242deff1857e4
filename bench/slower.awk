# bench/slower.awk: is the default slower than one core, beyond the noise?
#
# Input: one line per row of a table, "D1 D2 ... ; O1 O2 ...": the wall
# times of the default's runs and of one core's, interleaved rounds of one
# command. Output: one line per row, "P VERDICT", where P is the exact
# one-sided p-value of the Mann-Whitney U test that the default's times are
# larger (ties count a half, and U is rounded down, which errs towards "not
# slower") and VERDICT is "slower" where P is significant at 5% over all the
# rows together (Holm's correction for testing every row), "no" where it is
# not, and "few" where too few runs were made for any P to be significant
# (with 5 runs each, only a default slower in every run than one core in
# every run is; with 3, nothing can be). A ratio of minima above 1 on a
# machine whose times vary by a few percent from run to run says nothing
# alone; this says whether the runs tell the two apart.
#
# Used by bench/run; test: bench/slower_test.sh.

# ways(m, n, u): the orderings of m default times and n one-core times in
# which u (default, one core) pairs have the default's the larger.
function ways(m, n, u,    k) {
  if (u < 0 || u > m * n) return 0
  if (m == 0 || n == 0) return u == 0
  k = m SUBSEP n SUBSEP u
  if (!(k in memo))
    # the largest of all the times: the default's, beating all n, or one core's
    memo[k] = ways(m - 1, n, u - n) + ways(m, n - 1, u)
  return memo[k]
}

{
  m = 0; n = 0; side = 0
  for (i = 1; i <= NF; i++) {
    if ($i == ";") { side = 1; continue }
    if (side) o[++n] = $i + 0; else d[++m] = $i + 0
  }
  u = 0
  for (i = 1; i <= m; i++)
    for (j = 1; j <= n; j++)
      u += (d[i] > o[j]) ? 1 : ((d[i] == o[j]) ? 0.5 : 0)
  u = int(u)
  all = 0; tail = 0
  for (k = 0; k <= m * n; k++) {
    w = ways(m, n, k)
    all += w
    if (k >= u) tail += w
  }
  p[NR] = m > 0 && n > 0 ? tail / all : 1
  least[NR] = m > 0 && n > 0 ? 1 / all : 1 # the least P these runs can give
}

END {
  rows = NR
  # Holm: the k-th smallest P is significant where it and every smaller
  # one are at most 5% / (rows - k + 1).
  for (i = 1; i <= rows; i++) order[i] = i
  for (i = 2; i <= rows; i++)
    for (j = i; j > 1 && p[order[j]] < p[order[j - 1]]; j--) {
      t = order[j]; order[j] = order[j - 1]; order[j - 1] = t
    }
  on = 1
  for (k = 1; k <= rows; k++) {
    r = order[k]
    if (on && p[r] <= 0.05 / (rows - k + 1)) verdict[r] = "slower"
    else { on = 0; verdict[r] = "no" }
  }
  for (r = 1; r <= rows; r++) {
    if (least[r] > 0.05 / rows) verdict[r] = "few"
    printf "%.4f %s\n", p[r], verdict[r]
  }
}
