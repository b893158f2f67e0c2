package ledger

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"zuum/shared/dynamo"
	"zuum/shared/money"
	"zuum/shared/schema"
)

// Balance is a wallet's balance and what its entries of each type moved in all.
type Balance struct {
	Amount money.Money
	// Totals holds, per entry type, the sum of the amounts (as positive kobo) its entries moved.
	Totals map[string]money.Money
	// Counts holds, per entry type, how many entries there are, and under "" all of them.
	Counts map[string]int64
}

// Balance reads the wallet of userID; a wallet never paid into is zero.
func (s *Store) Balance(ctx context.Context, userID string) (Balance, error) {
	out, err := s.db.GetItem(ctx, &dynamodb.GetItemInput{
		TableName: &s.table, Key: balanceKey(User(userID)), ConsistentRead: aws.Bool(true),
	})
	if err != nil {
		return Balance{}, fmt.Errorf("ledger: read balance: %w", err)
	}
	return balanceOf(out.Item), nil
}

func balanceOf(item map[string]types.AttributeValue) Balance {
	b := Balance{Amount: amountOf(item["balance"]), Totals: map[string]money.Money{}, Counts: map[string]int64{}}
	for k, v := range item {
		switch {
		case strings.HasPrefix(k, "total_"):
			b.Totals[strings.TrimPrefix(k, "total_")] = amountOf(v)
		case k == "count_all":
			b.Counts[""] = amountOf(v).Kobo()
		case strings.HasPrefix(k, "count_"):
			b.Counts[strings.TrimPrefix(k, "count_")] = amountOf(v).Kobo()
		}
	}
	return b
}

// Entry is one line of a wallet's history.
type Entry struct {
	ID         string
	MovementID string
	Kind       Kind
	Type       string
	// Amount is signed: positive into the wallet, negative out of it.
	Amount       money.Money
	Counterparty string
	Reference    string
	Status       string
	// Link is what the entry paid for; the zero Link is none.
	Link Link
	At   time.Time
}

// Page asks for entries: at most Limit, after Cursor (an EntryPage's Next).
type Page struct {
	Limit  int
	Cursor string
}

// EntryPage is a page of entries, newest first; Next is "" on the last page.
type EntryPage struct {
	Entries []Entry
	Next    string
}

// Entries lists the wallet of userID newest first: every entry, or those of one type.
func (s *Store) Entries(ctx context.Context, userID, typ string, p Page) (EntryPage, error) {
	start, err := dynamo.DecodeKey(p.Cursor)
	if err != nil {
		return EntryPage{}, ErrBadCursor
	}
	acct := "ACCT#" + string(User(userID))
	in := &dynamodb.QueryInput{
		TableName: &s.table, ScanIndexForward: aws.Bool(false), Limit: aws.Int32(int32(max(p.Limit, 1))),
		ExclusiveStartKey: start,
	}
	if typ == "" {
		in.KeyConditionExpression = aws.String("pk = :pk AND begins_with(sk, :e)")
		in.ExpressionAttributeValues = map[string]types.AttributeValue{":pk": str(acct), ":e": str("E#")}
		if start != nil && (sval(start[schema.PK]) != acct || len(start) != 2) {
			return EntryPage{}, ErrBadCursor
		}
	} else {
		in.IndexName = aws.String(schema.ByType)
		in.KeyConditionExpression = aws.String("#tpk = :tpk")
		in.ExpressionAttributeNames = map[string]string{"#tpk": schema.TypePK}
		in.ExpressionAttributeValues = map[string]types.AttributeValue{":tpk": str(acct + "#" + typ)}
		if start != nil && (sval(start[schema.TypePK]) != acct+"#"+typ || sval(start[schema.PK]) != acct) {
			return EntryPage{}, ErrBadCursor
		}
	}
	out, err := s.db.Query(ctx, in)
	if err != nil {
		return EntryPage{}, fmt.Errorf("ledger: list entries: %w", err)
	}
	page := EntryPage{Entries: make([]Entry, 0, len(out.Items))}
	for _, it := range out.Items {
		page.Entries = append(page.Entries, entryOf(it))
	}
	if len(out.LastEvaluatedKey) > 0 && len(out.Items) > 0 {
		page.Next = dynamo.EncodeKey(out.LastEvaluatedKey)
	}
	return page, nil
}

func entryOf(it map[string]types.AttributeValue) Entry {
	e := Entry{
		ID: strings.TrimPrefix(sval(it[schema.SK]), "E#"), MovementID: sval(it["movement_id"]),
		Kind: Kind(sval(it["kind"])), Type: sval(it["type"]), Amount: amountOf(it["amount"]),
		Counterparty: sval(it["counterparty"]), Reference: sval(it["reference"]), Status: sval(it["status"]),
		Link: Link{Kind: sval(it["link_kind"]), ID: sval(it["link_id"])},
	}
	e.At, _ = time.Parse(time.RFC3339Nano, sval(it["at"]))
	return e
}

// Audit is what a scan of the whole ledger finds; a healthy ledger has Sum 0 and nothing listed.
type Audit struct {
	// Sum is the sum of every balance, platform accounts included.
	Sum money.Money
	// Balances is every account's balance, platform accounts summed over their shards.
	Balances map[Account]money.Money
	// Negative lists the user accounts below zero.
	Negative []Account
	// Unbalanced lists the movements whose entries do not sum to zero.
	Unbalanced []string
	// Drifted lists the accounts whose balance is not the sum of their entries.
	Drifted []Account
	// Movements counts the movements seen.
	Movements int
}

// Audit scans the whole ledger. It is for tests and operators, never for a request: its cost
// grows with the ledger.
func (s *Store) Audit(ctx context.Context) (Audit, error) {
	a := Audit{Balances: map[Account]money.Money{}}
	moves := map[string]money.Money{}
	entrySums := map[Account]money.Money{}
	p := dynamodb.NewScanPaginator(s.db, &dynamodb.ScanInput{TableName: &s.table, ConsistentRead: aws.Bool(true)})
	for p.HasMorePages() {
		out, err := p.NextPage(ctx)
		if err != nil {
			return Audit{}, fmt.Errorf("ledger: audit: %w", err)
		}
		for _, it := range out.Items {
			pk, sk := sval(it[schema.PK]), sval(it[schema.SK])
			acct, isAcct := strings.CutPrefix(pk, "ACCT#")
			if !isAcct {
				continue
			}
			owner := unshard(Account(acct))
			switch {
			case sk == "BALANCE":
				b := amountOf(it["balance"])
				a.Sum += b
				a.Balances[owner] += b
			case strings.HasPrefix(sk, "E#"):
				amt := amountOf(it["amount"])
				moves[sval(it["movement_id"])] += amt
				entrySums[owner] += amt
			}
		}
	}
	for id, sum := range moves {
		if sum != 0 {
			a.Unbalanced = append(a.Unbalanced, id)
		}
	}
	for acct, b := range a.Balances {
		if acct.IsUser() && b < 0 {
			a.Negative = append(a.Negative, acct)
		}
		if entrySums[acct] != b {
			a.Drifted = append(a.Drifted, acct)
		}
	}
	a.Movements = len(moves)
	return a, nil
}

// unshard names the account a balance item belongs to: a platform shard's account, or a itself.
func unshard(a Account) Account {
	if a.IsUser() {
		return a
	}
	if i := strings.LastIndexByte(string(a), '#'); i > 0 && strings.HasPrefix(string(a), "platform#") && strings.Count(string(a), "#") == 2 {
		return a[:i]
	}
	return a
}

// Movement reads movement id as its record holds it: kind, status, when, and its legs (account,
// amount, type, counterparty, reference; not their links). A replay rebuilds its first answer
// from it. An unknown id is ErrNoMovement.
func (s *Store) Movement(ctx context.Context, id string) (Movement, error) {
	item, legs, err := s.record(ctx, id)
	if err != nil {
		return Movement{}, err
	}
	m := Movement{ID: id, Kind: Kind(sval(item["kind"])), Status: sval(item["status"]), Once: Once{Key: sval(item["once"])}}
	m.At, _ = time.Parse(time.RFC3339Nano, sval(item["at"]))
	for _, leg := range legs {
		m.Legs = append(m.Legs, Leg{
			Account: Account(sval(leg["account"])), Amount: amountOf(leg["amount"]), Type: sval(leg["type"]),
			Counterparty: sval(leg["counterparty"]), Reference: sval(leg["reference"]),
		})
	}
	return m, nil
}

// record reads the record of movement id (strongly consistent) and its legs as stored;
// ErrNoMovement when there is none.
func (s *Store) record(ctx context.Context, id string) (map[string]types.AttributeValue, []map[string]types.AttributeValue, error) {
	out, err := s.db.GetItem(ctx, &dynamodb.GetItemInput{
		TableName: &s.table, ConsistentRead: aws.Bool(true),
		Key: map[string]types.AttributeValue{schema.PK: str("MOVE#" + id), schema.SK: str("MOVE")},
	})
	if err != nil {
		return nil, nil, fmt.Errorf("ledger: read movement %s: %w", id, err)
	}
	if out.Item == nil {
		return nil, nil, ErrNoMovement
	}
	list, _ := out.Item["legs"].(*types.AttributeValueMemberL)
	if list == nil {
		return nil, nil, fmt.Errorf("ledger: movement %s has no legs", id)
	}
	legs := make([]map[string]types.AttributeValue, 0, len(list.Value))
	for _, v := range list.Value {
		leg, _ := v.(*types.AttributeValueMemberM)
		if leg == nil {
			return nil, nil, fmt.Errorf("ledger: movement %s has a malformed leg", id)
		}
		legs = append(legs, leg.Value)
	}
	return out.Item, legs, nil
}

// Leg returns m's first leg of account acct and type typ; ok is false when it has none.
func (m Movement) Leg(acct Account, typ string) (Leg, bool) {
	for _, l := range m.Legs {
		if l.Account == acct && l.Type == typ {
			return l, true
		}
	}
	return Leg{}, false
}

// Made reads the idempotency item of key and the movement it names: what a replay of the key's
// request is rebuilt from. A key that made no movement is ErrNoMovement.
func (s *Store) Made(ctx context.Context, key string) (Stored, Movement, error) {
	o, _, err := s.Once(ctx, key)
	if err != nil {
		return Stored{}, Movement{}, err
	}
	m, err := s.Movement(ctx, o.MovementID)
	return o, m, err
}
