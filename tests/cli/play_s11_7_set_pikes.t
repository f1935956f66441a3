# [11.6] [11.7] special formations in play (tests/data/lancers_and_pikes.yaml):
# the guards declare a shield wall with their move and go 1/2 MV; the pikes
# set themselves (1/3 MV); the knights who charge them the next round get
# no -2 (a term of 0 says why) and their lances still double; the pikes
# strike first with double damage, and the knights' losses are removed
# before they strike back with the survivors (RULING R-542).
run play "$DATA/lancers_and_pikes.yaml" --seed 1
expect_code 0
expect_out "  Guards: order move [7.7]
  Guards shield wall declared [11.6]
  Guards advance: 6\" (MV used 6\" of 6\"), (80, 10) facing 0 -> (80, 16) facing 0 [7.7] [7.9]"
expect_out "Pikes set spears (front) declared (4\" MV) [11.7]"
expect_out "  Pikes: set spears strike the charging enemy first: its losses are removed before it strikes back [11.7]
  Pikes attacks Knights (front): 10 figures, AR 20 = 21 -1 commander fighting [8.3 T10]; AR 20 - AC 7 + 2d6 (6+4) = 23 on D12 doubled [11.7]: 8 HD x 10 = 80 HD -> 4 killed, 0 wounded [8.4] [8.7]
  Knights loses 4 figures, 0 wounds placed -> 2 left, 0 wounded (set spears: removed before it strikes back) [11.7] [8.7]
  Knights attacks Pikes (front): 2 figures, AR 19 = 21 -1 charging in closed formation -1 commander fighting +0 no charge bonus: spears set [8.3 T10]"
run play "$DATA/lancers_and_pikes.yaml" --seed 1 --log jsonl
expect_code 0
expect_out '{"type":"special","round":1,"phase":"movement","side":1,"unit":1,"unit_name":"Pikes","from":"none","to":"set-spears","sides":["front"],"mv_cost":4,"reason":"declared","cite":"[11.7]"}'
expect_out '"to":"shield-wall","sides":[],"mv_cost":0,"reason":"declared","cite":"[11.6]"'
# at the Basic Game none of it: warned at load, the orders rejected
sed 's/^level: intermediate/level: basic/' "$DATA/lancers_and_pikes.yaml" > "$_o.yaml"
run play "$_o.yaml" --seed 1
expect_code 0
expect_err "(warning special-level)"
expect_out "Pikes: order rejected: special formations are not in force at the Basic Game [Part 3] [16.3 A] (RULING R-547)"
case "$OUT" in *"doubled"* | *"declared"*) echo "basic: $OUT"; exit 1;; esac
rm -f "$_o.yaml"
