package payment

import (
	"context"
	_ "embed"
	"encoding/json"
	"sort"
	"strings"
	"sync"
	"time"

	"zuum/shared/money"
)

// Payouts is what Zuum asks of the payment provider to send naira out to Nigerian banks
// (shared/PAYMENTS.md §2).
type Payouts interface {
	// Banks lists the Nigerian banks transfers can go to.
	Banks(ctx context.Context) ([]Bank, error)
	// ResolveAccount names the holder of a bank account.
	ResolveAccount(ctx context.Context, accountNumber, bankCode string) (ResolvedAccount, error)
	// Transfer asks the provider to send money to a bank account; the provider queues it and
	// reports its end in a transfer.completed webhook.
	Transfer(ctx context.Context, req TransferRequest) (Transfer, error)
	// GetTransfer reads a transfer back by the provider's id.
	GetTransfer(ctx context.Context, id string) (Transfer, error)
	// ListTransfers reads one page (from 1) of the merchant's transfers, newest first: the only
	// documented way to learn the id of a transfer whose creation never answered.
	ListTransfers(ctx context.Context, page int) (TransferPage, error)
	// TransferFee is what the provider will charge the merchant for a transfer of amount.
	TransferFee(ctx context.Context, amount money.Money) (money.Money, error)
}

// TransferPage is one page of the transfers list.
type TransferPage struct {
	Transfers []Transfer
	// Page is this page's number; TotalPages how many there are (0 when the provider did not
	// say: the list ends at an empty page).
	Page, TotalPages int
}

// Bank is a Nigerian bank and the code transfers name it by.
type Bank struct {
	Code string `json:"code"`
	Name string `json:"name"`
}

// ResolvedAccount is a bank account and its holder's name.
type ResolvedAccount struct {
	AccountNumber string
	AccountName   string
	BankCode      string
}

// TransferRequest is one payout.
type TransferRequest struct {
	// Reference is Zuum's unique key of the transfer (at most 100 characters).
	Reference     string
	AccountNumber string
	BankCode      string
	Amount        money.Money
	// Narration is shown on the recipient's statement (at most 100 characters).
	Narration string
}

// Transfer statuses as the provider writes them (upper case).
const (
	TransferNew        = "NEW"
	TransferPending    = "PENDING"
	TransferSuccessful = "SUCCESSFUL"
	TransferFailed     = "FAILED"
)

// TransferCompleted is the event of a transfer that ended, successfully or not.
const TransferCompleted = "transfer.completed"

// IsTransfer reports whether the event is about a transfer (a payout): v3's transfer.completed,
// or a delivery that names only its event.type "Transfer".
func (e Event) IsTransfer() bool {
	return e.Type == TransferCompleted || strings.EqualFold(e.Type, "Transfer")
}

// Transfer is a payout as the provider reports it.
type Transfer struct {
	// ID is the provider's id (a number on its wire, kept as its decimal text).
	ID            string
	Reference     string
	AccountNumber string
	BankCode      string
	BankName      string
	FullName      string
	Amount        money.Money
	// Fee is what the provider charges the merchant for it.
	Fee      money.Money
	Currency string
	// Status is one of the Transfer* statuses.
	Status string
	// Message is the provider's complete_message ("DISBURSE FAILED: …").
	Message string
	// CreatedAt is when the provider queued it (zero when it did not say).
	CreatedAt time.Time
}

// Final reports whether the transfer has ended, successfully or not.
func (t Transfer) Final() bool { return t.Status == TransferSuccessful || t.Status == TransferFailed }

//go:embed ng-banks.json
var ngBanksJSON []byte

// FallbackBanks are the Nigerian banks known without asking the provider (ng-banks.json, the
// codes of shared/PAYMENTS.md §5), sorted by name.
var FallbackBanks = func() []Bank {
	var banks []Bank
	if err := json.Unmarshal(ngBanksJSON, &banks); err != nil {
		panic("payment: ng-banks.json: " + err.Error())
	}
	sortBanks(banks)
	return banks
}()

func sortBanks(b []Bank) {
	sort.SliceStable(b, func(i, j int) bool { return strings.ToLower(b[i].Name) < strings.ToLower(b[j].Name) })
}

// BankList is the provider's bank list, kept for BankListTTL: the list changes a few times a
// year, and every withdrawal checks its bank code against it. When the provider cannot be asked
// the last list it gave is used, and before it ever answered, FallbackBanks.
type BankList struct {
	payouts Payouts
	// Now is the cache's clock (time.Now unless set).
	Now func() time.Time

	mu      sync.Mutex
	banks   []Bank
	fetched time.Time
}

// BankListTTL is how long a fetched list is used before asking again.
const BankListTTL = 6 * time.Hour

// bankRetry is how long a failed fetch waits before the provider is asked again.
const bankRetry = time.Minute

// bankFetchTimeout bounds the fetch: the list is asked for while a request waits (under the
// cache's lock), and the fallback is a fine answer.
const bankFetchTimeout = 3 * time.Second

// NewBankList returns the cache over p.
func NewBankList(p Payouts) *BankList { return &BankList{payouts: p, Now: time.Now} }

// Banks returns the banks, sorted by name; fromProvider is false when the list is the fallback.
func (l *BankList) Banks(ctx context.Context) (banks []Bank, fromProvider bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.Now()
	if !l.fetched.IsZero() && now.Sub(l.fetched) < BankListTTL {
		return l.current()
	}
	fetchCtx, cancel := context.WithTimeout(ctx, bankFetchTimeout)
	got, err := l.payouts.Banks(fetchCtx)
	cancel()
	if err != nil || len(got) == 0 {
		// Ask again in a minute, not at every call, while the provider is down.
		l.fetched = now.Add(bankRetry - BankListTTL)
		return l.current()
	}
	sortBanks(got)
	l.banks, l.fetched = got, now
	return l.banks, true
}

func (l *BankList) current() ([]Bank, bool) {
	if l.banks != nil {
		return l.banks, true
	}
	return FallbackBanks, false
}

// Bank finds the bank with code.
func (l *BankList) Bank(ctx context.Context, code string) (Bank, bool) {
	banks, _ := l.Banks(ctx)
	for _, b := range banks {
		if b.Code == code {
			return b, true
		}
	}
	return Bank{}, false
}
