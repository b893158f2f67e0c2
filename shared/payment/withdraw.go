package payment

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/google/uuid"

	"zuum/shared/billing"
	"zuum/shared/failure"
	"zuum/shared/ledger"
	"zuum/shared/money"
	"zuum/shared/profile"
	"zuum/shared/terms"
)

// Withdrawals send wallet naira to Nigerian bank accounts. A withdrawal is one pending ledger
// movement of kind "withdrawal": the wallet's legs "withdrawal" (-amount) and "fee" (-WithdrawalFee),
// ledger.Clearing +amount (the money leaves the provider's balance) and ledger.Fees +fee, and the
// provider's own transfer fee (asked of it first: Clearing +fee, ledger.ProviderFees -fee, fees.go).
// The provider's transfer is then asked for with the withdrawal's id (the movement's id) as its
// reference; its end, reported by the transfer.completed webhook or found by the reconciler,
// settles the movement: completed, or failed, which gives amount and fee back in the same
// transaction. Items in the Ledger table, beside the money:
//
//	pk=WITHDRAWAL#<id>   sk=WITHDRAWAL            user_id, username, amount and fee (N, kobo),
//	                                              account_number, bank_code, bank_name, status,
//	                                              created_at, pending_sk, transfer_id (the
//	                                              provider's, once known), message, settled_at
//	pk=WDPENDING         sk=<created_at>#<id>     a withdrawal not settled yet, oldest first for
//	                                              the reconciler; deleted when it settles
//	pk=PAYOUT#<userId>   sk=ACCOUNT               the saved payout account: account_number,
//	                                              bank_code, bank_name, saved_at
//	pk=PAYOUT#<userId>   sk=USED#<bank>#<number>  uses (N): withdrawals to the account that are
//	                                              pending or completed; a failed one takes its
//	                                              use back. An account with uses > 0 needs no
//	                                              step-up code.
//
// Withdrawals pending at once are few (payouts settle within minutes), so WDPENDING is one
// partition.
type Withdrawals struct {
	payouts Payouts
	banks   *BankList
	stepUp  StepUp
	db      *dynamodb.Client
	table   string
	ledger  *ledger.Store
	// users is the Users table, where a settled withdrawal's notification goes.
	users string
	now   func() time.Time
	// TransferTimeout bounds the provider's transfer call (and an account's resolution): past it
	// the withdrawal stays pending and the reconciler asks the provider what became of it.
	TransferTimeout time.Duration
}

// StepUp mails and checks the codes that confirm a withdrawal to a new account, and limits how
// many accounts a user looks up (shared/account).
type StepUp interface {
	SendStepUp(ctx context.Context, a profile.Account, action, what string) error
	CheckStepUp(ctx context.Context, userID, action, code string) (types.TransactWriteItem, error)
	CountAccountLookup(ctx context.Context, userID string) error
}

// Rules of withdrawals (spec part 2 §9); the figures are shared/terms'.
var (
	MinWithdrawal = terms.MinWithdrawal
	WithdrawalFee = terms.WithdrawalFee
)

// Times of withdrawals.
const (
	// PendingTooLong is how long a withdrawal waits for its webhook before the reconciler asks.
	PendingTooLong = 15 * time.Minute
	// DefaultTransferTimeout is TransferTimeout unless set: well inside the function's 10 s.
	DefaultTransferTimeout = 6 * time.Second
)

// Messages of withdrawals (spec part 2 §5, §8).
var (
	ErrAmountRequired = failure.Fields("Amount is required", failure.FieldError{Field: "amount", Msg: "Amount is required"})
	ErrMinWithdrawal  = failure.Fields("Minimum withdrawal: "+terms.MinWithdrawal.Label(), failure.FieldError{Field: "amount", Msg: "Minimum withdrawal: " + terms.MinWithdrawal.Label()})
	ErrAmountTooLarge = failure.Fields("Amount is too large", failure.FieldError{Field: "amount", Msg: "Amount is too large"})
	ErrAccountNumber  = failure.Fields("Account number must be exactly 10 digits",
		failure.FieldError{Field: "accountNumber", Msg: "Account number must be exactly 10 digits"})
	ErrUnknownBank = failure.Fields("Please select a valid bank",
		failure.FieldError{Field: "bankCode", Msg: "Unknown bank code"})
	// ErrTransferRefused: the provider refused the transfer outright; the withdrawal was
	// reversed before the answer.
	ErrTransferRefused = errors.New("payment: the provider refused the transfer")
	// ErrNotResolved: the provider does not know the account.
	ErrNotResolved = failure.Fields("Could not verify this account. Please check the account number and bank.",
		failure.FieldError{Field: "accountNumber", Msg: "Account not found at this bank"})
)

// NewWithdrawals returns the service over the Ledger table (l's table); settlements notify the
// owner in usersTable.
func NewWithdrawals(p Payouts, banks *BankList, stepUp StepUp, db *dynamodb.Client, l *ledger.Store, usersTable string) *Withdrawals {
	return &Withdrawals{payouts: p, banks: banks, stepUp: stepUp, db: db, table: l.Table(), ledger: l, users: usersTable,
		now: time.Now, TransferTimeout: DefaultTransferTimeout}
}

// Banks lists the banks withdrawals can go to (the provider's list, cached; ng-banks.json when it
// cannot be had).
func (d *Withdrawals) Banks(ctx context.Context) []Bank {
	b, _ := d.banks.Banks(ctx)
	return b
}

// Resolve names the holder of a bank account for userID: 400 for a number that is not 10 digits,
// an unknown bank, or an account the provider does not know; 429 past the user's hourly lookups
// (each well-formed lookup counts); ErrProviderUnavailable when the provider cannot be asked.
func (d *Withdrawals) Resolve(ctx context.Context, userID, accountNumber, bankCode string) (ResolvedAccount, error) {
	if err := accountFields(accountNumber, bankCode); err != nil {
		return ResolvedAccount{}, err
	}
	if !tenDigits(accountNumber) {
		return ResolvedAccount{}, ErrAccountNumber
	}
	if _, ok := d.banks.Bank(ctx, bankCode); !ok {
		return ResolvedAccount{}, ErrUnknownBank
	}
	if err := d.stepUp.CountAccountLookup(ctx, userID); err != nil {
		return ResolvedAccount{}, err
	}
	callCtx, cancel := context.WithTimeout(ctx, d.TransferTimeout)
	a, err := d.payouts.ResolveAccount(callCtx, accountNumber, bankCode)
	cancel()
	switch {
	case Definite(err):
		return ResolvedAccount{}, ErrNotResolved
	case err != nil:
		return ResolvedAccount{}, fmt.Errorf("%w: %w", ErrProviderUnavailable, err)
	}
	return a, nil
}

// WithdrawalRequest is a user's request to withdraw.
type WithdrawalRequest struct {
	User profile.Account
	// Amount is what reaches the bank; WithdrawalFee comes on top.
	Amount money.Money
	// Save keeps the account as the user's payout account. Without it, an empty account number
	// and bank code mean the saved payout account.
	Save          bool
	AccountNumber string
	BankCode      string
	// OTP is the step-up code, for an account the user has not withdrawn to before.
	OTP string
}

// Withdrawal is a withdrawal as recorded.
type Withdrawal struct {
	// ID is the withdrawal's and its movement's id, and the transfer's reference (tx_ref).
	ID            string
	UserID        string
	Amount, Fee   money.Money
	AccountNumber string
	BankCode      string
	BankName      string
	// Status is ledger.Pending, ledger.Completed or ledger.Failed.
	Status     string
	TransferID string
	CreatedAt  time.Time
}

// Draft is a withdrawal request checked and ready to record (Check): its withdrawal has its id,
// bank and fee; nothing is recorded yet.
type Draft struct {
	Withdrawal
	username string
	// consume is the step-up code's consumption, for an account new to the user.
	consume *types.TransactWriteItem
	// save keeps the account as the user's payout account.
	save *Bank
}

// Check checks a withdrawal request (amount, account, bank, balance: WithdrawalRefusal) and
// returns the withdrawal it would record. For an account the user has not withdrawn to before it
// asks for the step-up code (NeedsStepUp): without one the code is mailed, stepUp is true and
// nothing is recorded; with one the code is checked, and consumed by Make.
func (d *Withdrawals) Check(ctx context.Context, in WithdrawalRequest) (dr Draft, stepUp bool, err error) {
	if err := WithdrawalRefusal(in.Amount, money.Max); err != nil {
		return Draft{}, false, err
	}
	if !in.Save && in.AccountNumber == "" && in.BankCode == "" {
		saved, ok, err := d.SavedAccount(ctx, in.User.ID)
		if err != nil {
			return Draft{}, false, err
		}
		if ok {
			in.AccountNumber, in.BankCode = saved.AccountNumber, saved.BankCode
		}
	}
	if err := accountFields(in.AccountNumber, in.BankCode); err != nil {
		return Draft{}, false, err
	}
	if !tenDigits(in.AccountNumber) {
		return Draft{}, false, ErrAccountNumber
	}
	bank, ok := d.banks.Bank(ctx, in.BankCode)
	if !ok {
		return Draft{}, false, ErrUnknownBank
	}
	bal, err := d.ledger.Balance(ctx, in.User.ID)
	if err != nil {
		return Draft{}, false, err
	}
	if err := WithdrawalRefusal(in.Amount, bal.Amount); err != nil {
		return Draft{}, false, err
	}
	used, err := d.used(ctx, in.User.ID, in.BankCode, in.AccountNumber)
	if err != nil {
		return Draft{}, false, err
	}
	action := "withdrawal:" + in.BankCode + ":" + in.AccountNumber
	switch NeedsStepUp(used, in.OTP) {
	case StepUpSend:
		what := fmt.Sprintf("a withdrawal of %s to %s account %s", in.Amount, bank.Name, in.AccountNumber)
		return Draft{}, true, d.stepUp.SendStepUp(ctx, in.User, action, what)
	case StepUpCheck:
		consume, err := d.stepUp.CheckStepUp(ctx, in.User.ID, action, in.OTP)
		if err != nil {
			return Draft{}, false, err
		}
		dr.consume = &consume
	}
	id, err := uuid.NewV7()
	if err != nil {
		return Draft{}, false, failure.Wrap(err, "make withdrawal id")
	}
	dr.Withdrawal = Withdrawal{
		ID: id.String(), UserID: in.User.ID, Amount: in.Amount, Fee: WithdrawalFee, AccountNumber: in.AccountNumber,
		BankCode: in.BankCode, BankName: bank.Name, Status: ledger.Pending, CreatedAt: d.now().UTC(),
	}
	dr.username = in.User.Username
	if in.Save {
		dr.save = &bank
	}
	return dr, false, nil
}

// Make records the checked withdrawal dr in one ledger transaction, with once (its request's
// idempotency item, naming the movement, whose id is the withdrawal's: Requested) and the step-up code's consumption, after
// asking the provider its transfer fee (ErrProviderUnavailable, nothing moved, when it cannot be
// asked); then it asks the provider for the transfer. A transfer the provider refuses outright is
// reversed before Make returns (ErrTransferRefused, with the withdrawal); one whose call fails
// otherwise (a timeout, a 5xx) stays pending for the webhook or the reconciler.
// ledger.ErrReplayed means once's key was used by a concurrent request.
func (d *Withdrawals) Make(ctx context.Context, dr Draft, once ledger.Once) (Withdrawal, error) {
	w := dr.Withdrawal
	items := d.recordItems(w, dr.username)
	consumeAt := len(items)
	if dr.consume != nil {
		items = append(items, *dr.consume)
	}
	if dr.save != nil {
		items = append(items, d.saveItem(w.UserID, *dr.save, w.AccountNumber, w.CreatedAt))
	}
	// The provider's own fee for the transfer is booked with it (fees.go); without the provider's
	// word on it nothing moves, and the user is asked to try again.
	feeCtx, cancel := context.WithTimeout(ctx, d.TransferTimeout)
	providerFee, err := d.payouts.TransferFee(feeCtx, w.Amount)
	cancel()
	if err != nil {
		return Withdrawal{}, fmt.Errorf("%w: transfer fee: %w", ErrProviderUnavailable, err)
	}
	_, err = billing.New(d.ledger).Payout(ctx, billing.Payout{
		ID: w.ID, At: w.CreatedAt, Once: once, Payer: w.UserID, PayerName: dr.username,
		Amount: w.Amount, Fee: w.Fee, ProviderFee: providerFee, To: w.BankName + " " + w.AccountNumber,
	}, items...)
	var poor *ledger.Insufficient
	var extraFailed *ledger.ExtraFailed
	switch {
	case errors.As(err, &poor):
		return Withdrawal{}, ErrInsufficient
	case errors.As(err, &extraFailed) && dr.consume != nil && extraFailed.Index == consumeAt:
		return Withdrawal{}, ErrStepUpUsed
	case err != nil:
		return Withdrawal{}, err
	}
	return d.transfer(ctx, w)
}

// ErrStepUpUsed: the step-up code was used by a concurrent request.
var ErrStepUpUsed = failure.Fields("This code was already used. Please request a new one.",
	failure.FieldError{Field: "otp", Msg: "Code already used"})

// transfer asks the provider for w's transfer; an outright refusal reverses w.
func (d *Withdrawals) transfer(ctx context.Context, w Withdrawal) (Withdrawal, error) {
	callCtx, cancel := context.WithTimeout(ctx, d.TransferTimeout)
	t, err := d.payouts.Transfer(callCtx, TransferRequest{
		Reference: w.ID, AccountNumber: w.AccountNumber, BankCode: w.BankCode, Amount: w.Amount,
		Narration: "Zuum wallet withdrawal",
	})
	cancel()
	switch {
	case err == nil:
		w.TransferID = t.ID
		if err := d.noteTransfer(ctx, w.ID, t.ID); err != nil {
			// The webhook and the reconciler find the transfer by its reference as well.
			slog.WarnContext(ctx, "withdrawal: record transfer id", "withdrawal", w.ID, "err", err)
		}
		return w, nil
	case Definite(err):
		slog.WarnContext(ctx, "withdrawal: the provider refused the transfer; reversing", "withdrawal", w.ID, "err", err)
		r := record{Withdrawal: w, PendingSK: pendingSK(w)}
		if _, serr := d.settle(ctx, r, ledger.Failed, "", refusedPrefix+err.Error()); serr != nil {
			return Withdrawal{}, fmt.Errorf("payment: reverse refused withdrawal %s: %w", w.ID, serr)
		}
		w.Status = ledger.Failed
		return w, ErrTransferRefused
	default:
		slog.WarnContext(ctx, "withdrawal: transfer call failed; left pending for the reconciler", "withdrawal", w.ID, "err", err)
		return w, nil
	}
}

// refusedPrefix starts the message of a withdrawal whose transfer the provider refused outright.
const refusedPrefix = "refused: "

// recordItems are the withdrawal's record, its pending marker and its account's use, written in
// its movement.
func (d *Withdrawals) recordItems(w Withdrawal, username string) []types.TransactWriteItem {
	created, pendingSK := w.CreatedAt.Format(time.RFC3339Nano), pendingSK(w)
	rec := key("WITHDRAWAL#"+w.ID, "WITHDRAWAL")
	for k, v := range map[string]types.AttributeValue{
		"user_id": str(w.UserID), "username": str(username), "amount": num(w.Amount.Kobo()), "fee": num(w.Fee.Kobo()),
		"account_number": str(w.AccountNumber), "bank_code": str(w.BankCode), "bank_name": str(w.BankName),
		"status": str(ledger.Pending), "created_at": str(created), "pending_sk": str(pendingSK),
	} {
		rec[k] = v
	}
	pending := key("WDPENDING", pendingSK)
	pending["withdrawal_id"] = str(w.ID)
	return []types.TransactWriteItem{
		{Put: &types.Put{TableName: &d.table, Item: rec, ConditionExpression: aws.String("attribute_not_exists(pk)")}},
		{Put: &types.Put{TableName: &d.table, Item: pending}},
		d.useItem(w.UserID, w.BankCode, w.AccountNumber, 1),
	}
}

// pendingSK is w's key under WDPENDING: oldest first.
func pendingSK(w Withdrawal) string { return w.CreatedAt.Format(time.RFC3339Nano) + "#" + w.ID }

func (d *Withdrawals) useItem(userID, bankCode, number string, n int) types.TransactWriteItem {
	return types.TransactWriteItem{Update: &types.Update{
		TableName: &d.table, Key: key("PAYOUT#"+userID, "USED#"+bankCode+"#"+number),
		UpdateExpression:          aws.String("ADD uses :n"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":n": &types.AttributeValueMemberN{Value: strconv.Itoa(n)}},
	}}
}

func (d *Withdrawals) saveItem(userID string, bank Bank, number string, now time.Time) types.TransactWriteItem {
	item := key("PAYOUT#"+userID, "ACCOUNT")
	item["account_number"], item["bank_code"], item["bank_name"] = str(number), str(bank.Code), str(bank.Name)
	item["saved_at"] = str(now.Format(time.RFC3339))
	return types.TransactWriteItem{Put: &types.Put{TableName: &d.table, Item: item}}
}

// used reports whether the user has a pending or completed withdrawal to the account.
func (d *Withdrawals) used(ctx context.Context, userID, bankCode, number string) (bool, error) {
	out, err := d.db.GetItem(ctx, &dynamodb.GetItemInput{
		TableName: &d.table, Key: key("PAYOUT#"+userID, "USED#"+bankCode+"#"+number), ConsistentRead: aws.Bool(true),
	})
	if err != nil {
		return false, fmt.Errorf("payment: read used account: %w", err)
	}
	n := nval(out.Item["uses"])
	return n > 0, nil
}

// PayoutAccount is a user's saved payout account.
type PayoutAccount struct {
	AccountNumber, BankCode, BankName string
}

// SavedAccount reads the user's saved payout account.
func (d *Withdrawals) SavedAccount(ctx context.Context, userID string) (PayoutAccount, bool, error) {
	out, err := d.db.GetItem(ctx, &dynamodb.GetItemInput{TableName: &d.table, Key: key("PAYOUT#"+userID, "ACCOUNT")})
	if err != nil {
		return PayoutAccount{}, false, fmt.Errorf("payment: read payout account: %w", err)
	}
	if out.Item == nil {
		return PayoutAccount{}, false, nil
	}
	return PayoutAccount{AccountNumber: sval(out.Item["account_number"]), BankCode: sval(out.Item["bank_code"]),
		BankName: sval(out.Item["bank_name"])}, true, nil
}

func (d *Withdrawals) noteTransfer(ctx context.Context, id, transferID string) error {
	_, err := d.db.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName: &d.table, Key: key("WITHDRAWAL#"+id, "WITHDRAWAL"),
		UpdateExpression:          aws.String("SET transfer_id = :t"),
		ConditionExpression:       aws.String("attribute_exists(pk)"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":t": str(transferID)},
	})
	return err
}

// accountFields refuses a missing account number or bank code, naming each.
func accountFields(number, bankCode string) error {
	var fields []failure.FieldError
	if number == "" {
		fields = append(fields, failure.FieldError{Field: "accountNumber", Msg: "Account number is required"})
	}
	if bankCode == "" {
		fields = append(fields, failure.FieldError{Field: "bankCode", Msg: "Please select a bank"})
	}
	if fields != nil {
		return failure.Fields("accountNumber and bankCode are required", fields...)
	}
	return nil
}

func tenDigits(s string) bool {
	if len(s) != 10 {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}
