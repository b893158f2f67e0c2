package payment

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/google/uuid"

	"zuum/shared/billing"
	"zuum/shared/dynamo"
	"zuum/shared/failure"
	"zuum/shared/ledger"
	"zuum/shared/money"
	"zuum/shared/notify"
	"zuum/shared/profile"
)

// Subscriptions sells the monthly premium plan: through the provider's payment link (activated by
// its webhook) or from the wallet. The state is on the profile item (Users table):
// subscription_status (active, cancelled, expired) and subscription_expires_at (RFC 3339 UTC,
// whole seconds, so strings compare as times), changed only in the transaction that moves the
// money (or by a conditional update on cancel and lapse). Its own items are in the Ledger table:
//
//	pk=SUBLINK#<tx_ref>    sk=SUBLINK  a payment link: user_id, username, plan, amount (N, kobo),
//	                                   link, created_at, expires_at; read when its webhook comes
//	pk=SUBSCRIPTION#<user> sk=LINK     the user's newest link: tx_ref, link, expires_at
//
// Every payment is one ledger movement: wallet -amount (type subscription) and ledger.Fees
// +amount; a link's payment first pays the wallet in (type deposit, from ledger.Clearing less the
// provider's app_fee, which ledger.ProviderFees bears: fees.go), so the wallet's history shows the
// card payment and what it paid for.
type Subscriptions struct {
	provider    LinkProvider
	db          *dynamodb.Client
	users       string
	ledger      *ledger.Store
	table       string
	redirectURL string
	now         func() time.Time
}

// LinkProvider is what subscriptions ask of the payment provider.
type LinkProvider interface {
	CreatePaymentLink(ctx context.Context, r LinkRequest) (string, error)
	VerifyTransaction(ctx context.Context, id string) (Transaction, error)
}

// NewSubscriptions returns the service over the Users table and the ledger. redirectURL is where
// the provider sends the browser back after the payment page.
func NewSubscriptions(p LinkProvider, db *dynamodb.Client, usersTable string, l *ledger.Store, redirectURL string) *Subscriptions {
	return &Subscriptions{provider: p, db: db, users: usersTable, ledger: l, table: l.Table(), redirectURL: redirectURL, now: time.Now}
}

// LinkLife is how long a payment link takes a payment (spec part 2 §9: 30 minutes).
const LinkLife = 30 * time.Minute

// RenewalGrace is how long after its period's end an active subscription is still renewed from
// the wallet (at the user's first visit); later, it has lapsed.
const RenewalGrace = 7 * 24 * time.Hour

// LinkRefPrefix starts the tx_ref of every subscription payment link.
const LinkRefPrefix = "zuum-sub-"

// IsSubscriptionRef reports whether a webhook's tx_ref is a subscription link's.
func IsSubscriptionRef(txRef string) bool { return strings.HasPrefix(txRef, LinkRefPrefix) }

// Errors of Subscriptions.
var (
	ErrActive       = failure.New(failure.Conflict, "You already have an active subscription")
	ErrInsufficient = failure.New(failure.NotAcceptable, "Insufficient funds")
	ErrNotActive    = failure.New(failure.NotFound, "No active subscription")
)

// Link is an open payment link.
type Link struct {
	URL, TxRef string
	ExpiresAt  time.Time
}

// State is a user's subscription as of now.
type State struct {
	Plan Plan
	// Status is "" (never subscribed), active, cancelled or expired.
	Status string
	// ExpiresAt ends the current or last period; zero for none.
	ExpiresAt time.Time
	// Link is the newest payment link while it takes payments.
	Link *Link
}

// Premium reports whether the state is a paid period.
func (s State) Premium() bool {
	return s.Status == profile.SubscriptionActive || s.Status == profile.SubscriptionCancelled
}

// stored is the profile's subscription as written.
type stored struct {
	userID, username, identity, email, name string
	status, expiresRaw                      string
	expires                                 time.Time
}

func (s *Subscriptions) read(ctx context.Context, userID string) (stored, error) {
	out, err := s.db.GetItem(ctx, &dynamodb.GetItemInput{
		TableName: &s.users, Key: profile.Key(userID), ConsistentRead: aws.Bool(true),
	})
	if err != nil {
		return stored{}, fmt.Errorf("subscription: read profile: %w", err)
	}
	if out.Item == nil {
		return stored{}, profile.ErrNotFound
	}
	it := out.Item
	st := stored{
		userID: userID, username: sval(it["username"]), identity: sval(it["identity"]), email: sval(it["email"]),
		name:   strings.TrimSpace(sval(it["firstname"]) + " " + sval(it["lastname"])),
		status: sval(it["subscription_status"]), expiresRaw: sval(it["subscription_expires_at"]),
	}
	st.expires, _ = time.Parse(time.RFC3339, st.expiresRaw)
	return st, nil
}

func (st stored) state(now time.Time) State {
	return State{Plan: PlanFor(st.identity), Status: profile.SubscriptionStatusAt(st.status, st.expires, now), ExpiresAt: st.expires}
}

// judged reads userID's subscription and judges it at the clock's now, as every change to it
// begins: the stored record, its state now, and that now.
func (s *Subscriptions) judged(ctx context.Context, userID string) (stored, State, time.Time, error) {
	st, err := s.read(ctx, userID)
	if err != nil {
		return stored{}, State{}, time.Time{}, err
	}
	now := s.now()
	return st, st.state(now), now, nil
}

// Current is userID's subscription now. An active period that ended within RenewalGrace renews
// here from the wallet (one movement, once per period); if the wallet cannot pay, it lapses.
func (s *Subscriptions) Current(ctx context.Context, userID string) (State, error) {
	for attempt := 0; ; attempt++ {
		st, err := s.read(ctx, userID)
		if err != nil {
			return State{}, err
		}
		now := s.now()
		if st.status != profile.SubscriptionActive || now.Before(st.expires) || attempt == 3 {
			state := st.state(now)
			state.Link, err = s.openLink(ctx, userID)
			return state, err
		}
		if err := s.renew(ctx, st, now); err != nil {
			return State{}, err
		}
	}
}

// renew charges the next period of st, whose active period has ended; a wallet that cannot pay
// (or a period ended too long ago) marks it expired. Either write is conditional on the period
// read, so concurrent readers renew once, and carries the subscriber's notification (renewed or
// lapsed, with the amount), so they are told once.
func (s *Subscriptions) renew(ctx context.Context, st stored, now time.Time) error {
	plan := PlanFor(st.identity)
	if now.Sub(st.expires) <= RenewalGrace {
		renewed, err := s.note(st, notify.SubscriptionRenewed, notify.SubscriptionRenewedMessage(plan.Name, plan.Amount), now)
		if err != nil {
			return err
		}
		_, err = billing.New(s.ledger).Charge(ctx, s.walletBill(st, plan, "renewal"), ledger.Fees,
			s.period(st, now, profile.SubscriptionActive), renewed)
		var short *ledger.Insufficient
		var lost *ledger.ExtraFailed
		switch {
		case err == nil, errors.Is(err, ledger.ErrReplayed), errors.As(err, &lost):
			return nil // renewed, by this call or a concurrent one: read again
		case !errors.As(err, &short):
			return err
		}
	}
	lapsed, err := s.note(st, notify.SubscriptionLapsed, notify.SubscriptionLapsedMessage(plan.Name, plan.Amount), now)
	if err != nil {
		return err
	}
	_, err = s.db.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: []types.TransactWriteItem{{Update: &types.Update{
		TableName: &s.users, Key: profile.Key(st.userID),
		UpdateExpression:          aws.String("SET subscription_status = :expired"),
		ConditionExpression:       aws.String("subscription_status = :active AND subscription_expires_at = :old"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":expired": str(profile.SubscriptionExpired), ":active": str(profile.SubscriptionActive), ":old": str(st.expiresRaw)},
	}}, lapsed}})
	if failed, ok := dynamo.CanceledBy(err); ok && dynamo.OnlyCanceledBy(failed, 0) {
		return nil // lapsed (or renewed) by a concurrent reader
	}
	return err
}

// note is st's subscriber's notification of kind; it is written only with the conditional write of
// the period's end, so however many readers race, one exists.
func (s *Subscriptions) note(st stored, kind notify.Kind, msg string, now time.Time) (types.TransactWriteItem, error) {
	return notify.Put(s.users, notify.Notification{
		Recipient: st.userID, Kind: kind, ActorName: notify.Zuum,
		Message: msg, CreatedAt: now,
	})
}

// walletBill is plan paid from st's wallet (to ledger.Fees); how says which payment it is
// (wallet, renewal).
func (s *Subscriptions) walletBill(st stored, plan Plan, how string) billing.Bill {
	return billing.Bill{
		Kind: ledger.KindSubscription, Payer: st.userID, PayerName: st.username, Amount: plan.Amount,
		Type: "subscription", For: plan.Name, Reference: how,
		// A renewal is keyed by the period it follows, so it is charged once however many reads race.
		Once: ledger.Once{Key: "subscription#" + st.userID + "#renew#" + st.expiresRaw},
	}
}

// nextEnd is the end of a month paid at now: a month after the current period's end while it
// runs, else a month from now.
func nextEnd(st stored, now time.Time) time.Time {
	start := now
	if (st.status == profile.SubscriptionActive || st.status == profile.SubscriptionCancelled) && st.expires.After(now) {
		start = st.expires
	}
	return start.UTC().AddDate(0, 1, 0).Truncate(time.Second)
}

// period is the profile update of a paid month: active until nextEnd, on condition that the
// period is still the one read (a concurrent payment or cancel makes it fail: read again).
func (s *Subscriptions) period(st stored, now time.Time, status string) types.TransactWriteItem {
	u := &types.Update{
		TableName: &s.users, Key: profile.Key(st.userID),
		UpdateExpression: aws.String("SET subscription_status = :status, subscription_expires_at = :end"),
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":status": str(status), ":end": str(nextEnd(st, now).Format(time.RFC3339)),
		},
	}
	if st.expiresRaw == "" {
		u.ConditionExpression = aws.String("attribute_exists(pk) AND attribute_not_exists(subscription_expires_at)")
	} else {
		u.ConditionExpression = aws.String("subscription_expires_at = :old")
		u.ExpressionAttributeValues[":old"] = str(st.expiresRaw)
	}
	return types.TransactWriteItem{Update: u}
}

// PayFromWallet pays a month of userID's plan from the wallet: one movement (wallet -price type
// subscription, Fees +price) with the profile's new period in the same transaction, and once (the
// request's idempotency item), which stores the period's end (Made) for a replay's answer (Paid).
// A paid period refuses (ErrActive): of two payments at once, one pays and the other is refused
// having moved nothing.
func (s *Subscriptions) PayFromWallet(ctx context.Context, userID string, once ledger.Once) (State, error) {
	for attempt := 0; attempt < 4; attempt++ {
		st, cur, now, err := s.judged(ctx, userID)
		if err != nil {
			return State{}, err
		}
		if cur.Premium() {
			return cur, ErrActive
		}
		after := State{Plan: cur.Plan, Status: profile.SubscriptionActive, ExpiresAt: nextEnd(st, now)}
		b := s.walletBill(st, cur.Plan, "wallet")
		b.Once = once
		b.Once.Made = after.ExpiresAt.Format(time.RFC3339)
		_, err = billing.New(s.ledger).Charge(ctx, b, ledger.Fees, s.period(st, now, profile.SubscriptionActive))
		var short *ledger.Insufficient
		var lost *ledger.ExtraFailed
		switch {
		case err == nil:
			return after, nil
		case errors.As(err, &short):
			return cur, ErrInsufficient
		case errors.As(err, &lost):
			continue // the period changed meanwhile: judge again
		default:
			return State{}, err
		}
	}
	return State{}, errors.New("subscription: the period keeps changing")
}

// Paid is the state a payment from userID's wallet made, as it made it (active, renewing), from
// its request's idempotency key: the plan and price its movement charged and the period's end the
// key's item stores. An item written before it stored that end (no made) takes the period's end
// from the profile: the one it paid, until that period renews a month later.
func (s *Subscriptions) Paid(ctx context.Context, userID, key string) (State, error) {
	o, m, err := s.ledger.Made(ctx, key)
	if err != nil {
		return State{}, err
	}
	paid, ok := m.Leg(ledger.User(userID), "subscription")
	if m.Kind != ledger.KindSubscription || !ok {
		return State{}, ErrNotActive
	}
	after := State{Plan: Plan{Name: paid.Counterparty, Amount: -paid.Amount}, Status: profile.SubscriptionActive}
	if o.Made == "" {
		st, err := s.read(ctx, userID)
		after.ExpiresAt = st.expires
		return after, err
	}
	after.ExpiresAt, err = time.Parse(time.RFC3339, o.Made)
	return after, err
}

// Cancel stops userID's renewal: the paid period runs to its end, then lapses. Cancelling a
// cancelled subscription changes nothing.
func (s *Subscriptions) Cancel(ctx context.Context, userID string) (State, error) {
	st, cur, _, err := s.judged(ctx, userID)
	if err != nil {
		return State{}, err
	}
	switch cur.Status {
	case profile.SubscriptionCancelled:
		return cur, nil
	case profile.SubscriptionActive:
	default:
		return cur, ErrNotActive
	}
	_, err = s.db.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName: &s.users, Key: profile.Key(userID),
		UpdateExpression:          aws.String("SET subscription_status = :cancelled"),
		ConditionExpression:       aws.String("subscription_status = :active AND subscription_expires_at = :old"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":cancelled": str(profile.SubscriptionCancelled), ":active": str(profile.SubscriptionActive), ":old": str(st.expiresRaw)},
	})
	var cond *types.ConditionalCheckFailedException
	if errors.As(err, &cond) {
		return s.Cancel(ctx, userID) // paid or cancelled meanwhile: judge again
	}
	if err != nil {
		return State{}, fmt.Errorf("subscription: cancel: %w", err)
	}
	cur.Status = profile.SubscriptionCancelled
	return cur, nil
}

// NewLink asks the provider for a payment link for a month of userID's plan, valid LinkLife.
// A paid period refuses (ErrActive). The link's record is written before the provider is asked,
// so its webhook always finds whose payment it is.
func (s *Subscriptions) NewLink(ctx context.Context, userID string) (State, error) {
	st, cur, now, err := s.judged(ctx, userID)
	if err != nil {
		return State{}, err
	}
	if cur.Premium() {
		return cur, ErrActive
	}
	ref := LinkRefPrefix + uuid.NewString()
	expires := now.Add(LinkLife).UTC().Truncate(time.Second)
	rec := key("SUBLINK#"+ref, "SUBLINK")
	rec["user_id"], rec["username"], rec["plan"] = str(userID), str(st.username), str(cur.Plan.Name)
	rec["amount"] = &types.AttributeValueMemberN{Value: fmt.Sprint(cur.Plan.Amount.Kobo())}
	rec["created_at"], rec["expires_at"] = str(now.UTC().Format(time.RFC3339)), str(expires.Format(time.RFC3339))
	if _, err := s.db.PutItem(ctx, &dynamodb.PutItemInput{TableName: &s.table, Item: rec}); err != nil {
		return State{}, fmt.Errorf("subscription: save link: %w", err)
	}
	url, err := s.provider.CreatePaymentLink(ctx, LinkRequest{
		TxRef: ref, Amount: cur.Plan.Amount, RedirectURL: s.redirectURL, Email: st.email, Name: st.name,
		Title: "Zuum " + cur.Plan.Name, Description: "1 month of " + cur.Plan.Name, SessionMinutes: int(LinkLife / time.Minute),
	})
	if err != nil {
		return State{}, fmt.Errorf("%w: %w", ErrProviderUnavailable, err)
	}
	latest := key("SUBSCRIPTION#"+userID, "LINK")
	latest["tx_ref"], latest["link"], latest["expires_at"] = str(ref), str(url), str(expires.Format(time.RFC3339))
	if _, err := s.db.PutItem(ctx, &dynamodb.PutItemInput{TableName: &s.table, Item: latest}); err != nil {
		return State{}, fmt.Errorf("subscription: save link: %w", err)
	}
	cur.Link = &Link{URL: url, TxRef: ref, ExpiresAt: expires}
	return cur, nil
}

// openLink is userID's newest link while it takes payments.
func (s *Subscriptions) openLink(ctx context.Context, userID string) (*Link, error) {
	out, err := s.db.GetItem(ctx, &dynamodb.GetItemInput{TableName: &s.table, Key: key("SUBSCRIPTION#"+userID, "LINK")})
	if err != nil {
		return nil, fmt.Errorf("subscription: read link: %w", err)
	}
	if out.Item == nil {
		return nil, nil
	}
	expires, _ := time.Parse(time.RFC3339, sval(out.Item["expires_at"]))
	if !s.now().Before(expires) {
		return nil, nil
	}
	return &Link{URL: sval(out.Item["link"]), TxRef: sval(out.Item["tx_ref"]), ExpiresAt: expires}, nil
}

// Activate gives the month a link's payment paid for, after the provider confirms it: the
// verified transaction must be successful, in NGN, with the event's id, amount and tx_ref, and
// the link's price. One movement (wallet +price deposit from Clearing, wallet -price subscription
// to Fees) with the profile's new period, keyed by the provider's transaction id: however often
// the webhook comes, one month. A payment made while a period runs extends it (the money was
// taken; it is never lost). Outcomes as Deposits.Credit's.
func (s *Subscriptions) Activate(ctx context.Context, ev Event) (Outcome, string, error) {
	if !ev.IsCharge() && ev.Type != "CARD_TRANSACTION" {
		return Ignored, "not a charge event", nil
	}
	tx, result, reason, err := confirmCharge(ctx, s.ledger, s.provider, ev)
	if result != confirmed || err != nil {
		return result, reason, err
	}
	out, err := s.db.GetItem(ctx, &dynamodb.GetItemInput{TableName: &s.table, Key: key("SUBLINK#"+tx.TxRef, "SUBLINK"), ConsistentRead: aws.Bool(true)})
	if err != nil {
		return 0, "", fmt.Errorf("subscription: read link: %w", err)
	}
	if out.Item == nil {
		return Refused, "tx_ref " + tx.TxRef + " is not a subscription link's", nil
	}
	price := amountAttr(out.Item["amount"])
	if tx.Amount != price {
		return Refused, fmt.Sprintf("the link asks %s, the payment is %s", price, tx.Amount), nil
	}
	userID, plan := sval(out.Item["user_id"]), sval(out.Item["plan"])
	payer := firstNonBlank(tx.Payer, ev.Payer, "Card payment")
	for attempt := 0; attempt < 4; attempt++ {
		st, err := s.read(ctx, userID)
		if errors.Is(err, profile.ErrNotFound) {
			return Refused, "the link's user " + userID + " no longer exists", nil
		}
		if err != nil {
			return 0, "", err
		}
		_, err = s.ledger.Move(ctx, ledger.Movement{
			Kind: ledger.KindSubscription,
			Legs: append([]ledger.Leg{
				{Account: ledger.User(userID), Amount: tx.Amount, Type: "deposit", Counterparty: payer, Reference: tx.TxRef},
				{Account: ledger.User(userID), Amount: -tx.Amount, Type: "subscription", Counterparty: plan, Reference: tx.TxRef},
				{Account: ledger.Fees, Amount: tx.Amount, Type: "subscription", Counterparty: st.username, Reference: tx.TxRef},
			}, chargeLegs(tx, st.username)...),
			Once: ledger.Once{Key: onceKey(tx.ID), Hash: tx.TxRef},
		}, s.period(st, s.now(), profile.SubscriptionActive))
		var lost *ledger.ExtraFailed
		switch {
		case err == nil:
			return Credited, "", nil
		case errors.Is(err, ledger.ErrReplayed):
			return AlreadyCredited, "", nil
		case errors.As(err, &lost):
			continue // the period changed meanwhile: extend the new one
		default:
			return 0, "", err
		}
	}
	return 0, "", errors.New("subscription: the period keeps changing")
}

// History lists userID's subscription payments newest first (the wallet's entries of type
// subscription) and how many there are.
func (s *Subscriptions) History(ctx context.Context, userID string, p ledger.Page) (ledger.EntryPage, int64, error) {
	bal, err := s.ledger.Balance(ctx, userID)
	if err != nil {
		return ledger.EntryPage{}, 0, err
	}
	page, err := s.ledger.Entries(ctx, userID, "subscription", p)
	return page, bal.Counts["subscription"], err
}

func amountAttr(v types.AttributeValue) money.Money {
	n, _ := v.(*types.AttributeValueMemberN)
	if n == nil {
		return 0
	}
	k, _ := strconv.ParseInt(n.Value, 10, 64)
	return money.Money(k)
}
