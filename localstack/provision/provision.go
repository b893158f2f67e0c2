// Package provision creates Zuum's tables and buckets, as shared/schema defines them, in a local
// cloud: the embedded edge or real LocalStack. In AWS the CDK stack owns these resources; this is
// its local stand-in, so both read the same schema and never disagree on a key or an index.
package provision

import (
	"context"
	"errors"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	ddbtypes "github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	s3types "github.com/aws/aws-sdk-go-v2/service/s3/types"

	"zuum/shared/schema"
)

// Apply creates every table and bucket that does not exist yet, under its physical name from
// schema (Table.Name, Bucket.Name); existing ones are left untouched, so it is safe on every
// start of `make dev`. Tables are on-demand with the schema's keys, GSIs (projecting all
// attributes) and TTL attribute. It never waits with SDK waiters: minidyn reports no
// TableStatus, and a local table is usable as soon as CreateTable returns.
func Apply(ctx context.Context, cfg aws.Config, tables []schema.Table, buckets []schema.Bucket) error {
	db := dynamodb.NewFromConfig(cfg)
	for _, t := range tables {
		if err := ensureTable(ctx, db, t); err != nil {
			return fmt.Errorf("provision table %s: %w", t.Name, err)
		}
	}
	// Path-style addressing: local clouds serve buckets under the path, not as subdomains.
	s3c := s3.NewFromConfig(cfg, func(o *s3.Options) { o.UsePathStyle = true })
	for _, b := range buckets {
		if err := ensureBucket(ctx, s3c, cfg.Region, b); err != nil {
			return fmt.Errorf("provision bucket %s: %w", b.Name, err)
		}
	}
	return nil
}

func ensureTable(ctx context.Context, db *dynamodb.Client, t schema.Table) error {
	_, err := db.DescribeTable(ctx, &dynamodb.DescribeTableInput{TableName: aws.String(t.Name)})
	var missing *ddbtypes.ResourceNotFoundException
	switch {
	case err == nil:
		return nil
	case !errors.As(err, &missing):
		return err
	}
	in, err := createTableInput(t)
	if err != nil {
		return err
	}
	if _, err := db.CreateTable(ctx, in); err != nil {
		return err
	}
	if t.TTLAttribute == "" {
		return nil
	}
	_, err = db.UpdateTimeToLive(ctx, &dynamodb.UpdateTimeToLiveInput{
		TableName: aws.String(t.Name),
		TimeToLiveSpecification: &ddbtypes.TimeToLiveSpecification{
			AttributeName: aws.String(t.TTLAttribute),
			Enabled:       aws.Bool(true),
		},
	})
	return err
}

// createTableInput translates a schema table into CreateTable.
func createTableInput(t schema.Table) (*dynamodb.CreateTableInput, error) {
	attrs := attributes{}
	in := &dynamodb.CreateTableInput{
		TableName:   aws.String(t.Name),
		BillingMode: ddbtypes.BillingModePayPerRequest,
	}
	var err error
	if in.KeySchema, err = attrs.keySchema(t.PartitionKey, t.SortKey); err != nil {
		return nil, err
	}
	for _, idx := range t.Indexes {
		ks, err := attrs.keySchema(idx.PartitionKey, idx.SortKey)
		if err != nil {
			return nil, fmt.Errorf("index %s: %w", idx.Name, err)
		}
		in.GlobalSecondaryIndexes = append(in.GlobalSecondaryIndexes, ddbtypes.GlobalSecondaryIndex{
			IndexName:  aws.String(idx.Name),
			KeySchema:  ks,
			Projection: &ddbtypes.Projection{ProjectionType: ddbtypes.ProjectionTypeAll},
		})
	}
	in.AttributeDefinitions = attrs.definitions
	return in, nil
}

// attributes collects AttributeDefinitions: each key attribute once, whatever number of keys
// and indexes name it, and with a single type.
type attributes struct {
	definitions []ddbtypes.AttributeDefinition
	types       map[string]schema.KeyType
}

func (a *attributes) keySchema(pk schema.Key, sk *schema.Key) ([]ddbtypes.KeySchemaElement, error) {
	if err := a.add(pk); err != nil {
		return nil, err
	}
	ks := []ddbtypes.KeySchemaElement{{AttributeName: aws.String(pk.Name), KeyType: ddbtypes.KeyTypeHash}}
	if sk != nil {
		if err := a.add(*sk); err != nil {
			return nil, err
		}
		ks = append(ks, ddbtypes.KeySchemaElement{AttributeName: aws.String(sk.Name), KeyType: ddbtypes.KeyTypeRange})
	}
	return ks, nil
}

func (a *attributes) add(k schema.Key) error {
	if k.Name == "" || (k.Type != schema.String && k.Type != schema.Number) {
		return fmt.Errorf("invalid key %q of type %q", k.Name, k.Type)
	}
	if a.types == nil {
		a.types = map[string]schema.KeyType{}
	}
	if prev, ok := a.types[k.Name]; ok {
		if prev != k.Type {
			return fmt.Errorf("key %s is both %s and %s", k.Name, prev, k.Type)
		}
		return nil
	}
	a.types[k.Name] = k.Type
	a.definitions = append(a.definitions, ddbtypes.AttributeDefinition{
		AttributeName: aws.String(k.Name),
		AttributeType: ddbtypes.ScalarAttributeType(k.Type),
	})
	return nil
}

func ensureBucket(ctx context.Context, s3c *s3.Client, region string, b schema.Bucket) error {
	_, err := s3c.HeadBucket(ctx, &s3.HeadBucketInput{Bucket: aws.String(b.Name)})
	var missing *s3types.NotFound
	switch {
	case err == nil:
		return nil
	case !errors.As(err, &missing):
		return err
	}
	in := &s3.CreateBucketInput{Bucket: aws.String(b.Name)}
	if region != "" && region != "us-east-1" {
		// us-east-1 is the one region that refuses an explicit location constraint.
		in.CreateBucketConfiguration = &s3types.CreateBucketConfiguration{
			LocationConstraint: s3types.BucketLocationConstraint(region),
		}
	}
	_, err = s3c.CreateBucket(ctx, in)
	var owned *s3types.BucketAlreadyOwnedByYou
	if errors.As(err, &owned) {
		return nil // created by a concurrent Apply
	}
	return err
}
