// Package transfer sends naira from one user's wallet to another's, found by email. A transfer is
// one ledger movement (shared/ledger): the sender's leg out, the recipient's leg in, both of type
// "transfer" and referencing the transfer's id, written in ONE transaction with the recipient's
// TRANSFER notification (shared/notify) and a check that the recipient's account is still active.
// So the money and the news of it exist together or not at all, and a refused transfer (too
// little in the wallet, a recipient deactivated meanwhile) moves nothing and tells nobody.
package transfer

import (
	"context"
	"errors"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/google/uuid"

	"zuum/shared/billing"
	"zuum/shared/failure"
	"zuum/shared/ledger"
	"zuum/shared/money"
	"zuum/shared/notify"
	"zuum/shared/profile"
	"zuum/shared/terms"
	"zuum/shared/text"
)

// MaxNoteSize is the longest note a transfer carries, in characters a reader sees (text.Len); the
// note is optional. The smallest amount is terms.MinTransfer (spec part 2 §5 and §9).
const MaxNoteSize = 140

// Type is the type of both legs of a transfer in the wallets' histories, and the movement's kind.
const Type = "transfer"

// Messages of refused transfers: spec part 2 §5 (the transfer form) and §8 (406).
const (
	msgEmail       = "Email is required"
	msgEmailFormat = "Please enter a valid email address"
	msgAmount      = "Amount is required"
	msgNote        = "Note must be at most 140 characters"
)

// Errors of Send. A replayed request is ledger.ErrReplayed, passed through.
var (
	ErrRecipientNotFound = failure.New(failure.NotFound, "Recipient not found")
	ErrToYourself        = failure.Fields("You cannot transfer money to yourself",
		failure.FieldError{Field: "email", Msg: "You cannot transfer money to yourself"})
	ErrInsufficient = failure.New(failure.NotAcceptable, "Insufficient funds")
)

// Request is a checked transfer request: only NewRequest makes one.
type Request struct {
	email  string
	amount money.Money
	note   string
}

// NewRequest checks what the client sent (nil is absent) and reports every bad field at once.
// The note is cleaned (text.Clean, one line) and may be empty.
func NewRequest(email *string, amount *money.Money, note *string) (Request, error) {
	var r Request
	var errs []failure.FieldError
	if email != nil {
		r.email = profile.NormalizeEmail(*email)
	}
	switch {
	case r.email == "":
		errs = append(errs, failure.FieldError{Field: "email", Msg: msgEmail})
	case !profile.ValidEmail(r.email):
		errs = append(errs, failure.FieldError{Field: "email", Msg: msgEmailFormat})
	}
	switch {
	case amount == nil:
		errs = append(errs, failure.FieldError{Field: "amount", Msg: msgAmount})
	case *amount < terms.MinTransfer:
		errs = append(errs, failure.FieldError{Field: "amount", Msg: "Amount must be at least " + terms.MinTransfer.Label()})
	default:
		r.amount = *amount
	}
	if note != nil {
		r.note = text.Clean(*note, false)
		if text.Len(r.note) > MaxNoteSize {
			errs = append(errs, failure.FieldError{Field: "note", Msg: msgNote})
		}
	}
	if len(errs) > 0 {
		return Request{}, failure.Fields("Validation errors.", errs...)
	}
	return r, nil
}

// Transfer is money sent from one wallet to another.
type Transfer struct {
	ID        string
	Amount    money.Money
	Sender    profile.Summary
	Recipient profile.Summary
	Note      string
	// Status is ledger.Completed: a transfer between wallets completes in its transaction.
	Status string
	At     time.Time
}

// Service sends transfers.
type Service struct {
	ledger   *ledger.Store
	profiles *profile.Store
	now      func() time.Time
}

// New returns the service over the ledger and the Users table (profiles and notifications).
func New(l *ledger.Store, profiles *profile.Store) *Service {
	return &Service{ledger: l, profiles: profiles, now: time.Now}
}

// Send moves r's amount from sender's wallet to the wallet of the user with r's email, with once
// (its request's idempotency item) in the same transaction. The transfer's id is its movement's,
// so a replay of the request finds it again (Sent).
//
// A sender who cannot afford the amount is refused before the email is looked up, so the answer
// tells nobody without the money whether an email has an account. A recipient that does not
// exist, is deactivated or never verified its email is not found: money sent to an address nobody
// proved is theirs could not be taken back.
func (s *Service) Send(ctx context.Context, sender profile.Account, r Request, once ledger.Once) (Transfer, error) {
	if r.email == profile.NormalizeEmail(sender.Email) {
		return Transfer{}, ErrToYourself
	}
	bal, err := s.ledger.Balance(ctx, sender.ID)
	if err != nil {
		return Transfer{}, err
	}
	if bal.Amount < r.amount {
		return Transfer{}, ErrInsufficient
	}
	to, err := s.profiles.AccountByEmail(ctx, r.email)
	switch {
	case errors.Is(err, profile.ErrNotFound):
		return Transfer{}, ErrRecipientNotFound
	case err != nil:
		return Transfer{}, err
	case to.Deactivated || !to.Verified:
		return Transfer{}, ErrRecipientNotFound
	case to.ID == sender.ID:
		return Transfer{}, ErrToYourself
	}
	return s.send(ctx, sender, to, r, once)
}

// send writes the transfer to the account to, as read by Send; its transaction checks that to is
// still active, so an account deactivated since it was read receives nothing.
func (s *Service) send(ctx context.Context, sender, to profile.Account, r Request, once ledger.Once) (Transfer, error) {
	id, err := uuid.NewV7()
	if err != nil {
		return Transfer{}, failure.Wrap(err, "transfer id")
	}
	t := Transfer{
		ID: id.String(), Amount: r.amount, Note: r.note, Status: ledger.Completed, At: s.now().UTC(),
		Sender:    profile.Summary{ID: sender.ID, Username: sender.Username, Image: sender.Image},
		Recipient: profile.Summary{ID: to.ID, Username: to.Username, Image: to.Image},
	}
	extra, err := s.items(t)
	if err != nil {
		return Transfer{}, err
	}
	_, err = billing.New(s.ledger).Pay(ctx, billing.Payment{
		ID: t.ID, Kind: ledger.KindTransfer, At: t.At, Once: once, Amount: t.Amount, Reference: t.ID,
		From: billing.Party{ID: sender.ID, Name: sender.Username, Type: Type, Link: ledger.Link{Kind: ledger.LinkProfile, ID: to.ID}},
		To:   billing.Party{ID: to.ID, Name: to.Username, Type: Type, Link: ledger.Link{Kind: ledger.LinkProfile, ID: sender.ID}},
	}, extra...)
	var short *ledger.Insufficient
	var failed *ledger.ExtraFailed
	switch {
	case err == nil:
		return t, nil
	case errors.As(err, &short):
		return Transfer{}, ErrInsufficient
	case errors.As(err, &failed) && failed.Index == recipientActive:
		return Transfer{}, ErrRecipientNotFound
	default:
		return Transfer{}, err // ledger.ErrReplayed included
	}
}

// Sent is senderID's transfer made by idempotency key (its request's), as it was sent: its id
// and amount, its recipient (id and username, as its movement named them) and its status then
// (completed). A key of no transfer senderID sent is ErrNotSent.
func (s *Service) Sent(ctx context.Context, senderID, key string) (Transfer, error) {
	_, m, err := s.ledger.Made(ctx, key)
	if err != nil {
		return Transfer{}, err
	}
	out, ok := m.Leg(ledger.User(senderID), Type)
	if m.Kind != ledger.KindTransfer || !ok || out.Amount >= 0 {
		return Transfer{}, ErrNotSent
	}
	t := Transfer{ID: m.ID, Amount: -out.Amount, Status: ledger.Completed, At: m.At,
		Sender: profile.Summary{ID: senderID}, Recipient: profile.Summary{Username: out.Counterparty}}
	for _, l := range m.Legs {
		if l.Amount > 0 && l.Account.IsUser() {
			t.Recipient.ID = l.Account.UserID()
		}
	}
	return t, nil
}

// ErrNotSent: the movement is not a transfer the user sent.
var ErrNotSent = errors.New("transfer: not a transfer of this sender")

// recipientActive is the position, among the movement's own items, of the check that the
// recipient's account still exists and is not deactivated.
const recipientActive = 0

// items are the transfer's own transaction items: the recipient check, then the notification.
func (s *Service) items(t Transfer) ([]types.TransactWriteItem, error) {
	table := s.profiles.Table()
	check := types.TransactWriteItem{ConditionCheck: &types.ConditionCheck{
		TableName: &table, Key: profile.Key(t.Recipient.ID),
		ConditionExpression:       aws.String("attribute_exists(pk) AND deactivated = :no"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":no": &types.AttributeValueMemberBOOL{Value: false}},
	}}
	note, err := notify.Items(table, notify.Notification{
		ID: t.ID, Recipient: t.Recipient.ID, Kind: notify.Transfer, ActorID: t.Sender.ID, ActorName: t.Sender.Username,
		ActorImage: t.Sender.Image, Message: notify.TransferMessage(t.Sender.Username, t.Amount, t.Note), CreatedAt: t.At,
	})
	if err != nil {
		return nil, failure.Wrap(err, "transfer notification")
	}
	return append([]types.TransactWriteItem{check}, note...), nil
}
