using System.Text;
using Grpc.Core;

namespace GrpcBench.GrpcApi.Behaviour;

public class MetadataBehaviourTests
{
    [Fact]
    public void Keys_are_lower_cased_and_looked_up_without_regard_to_case()
    {
        var metadata = new Metadata { { "X-Request-ID", "abc" } };

        Assert.Equal("x-request-id", metadata[0].Key);
        Assert.Equal("abc", metadata.GetValue("X-REQUEST-id"));
    }

    [Theory]
    [InlineData("")]
    [InlineData("bad key")]
    [InlineData("key:colon")]
    [InlineData("ключ")]
    public void Invalid_keys_are_refused(string key)
    {
        Assert.Throws<ArgumentException>(() => new Metadata.Entry(key, "value"));
    }

    [Fact]
    public void Bin_keys_carry_bytes_and_other_keys_carry_ascii_strings()
    {
        var binary = new Metadata.Entry("trace-bin", [1, 2, 255]);
        var text = new Metadata.Entry("trace", "hello");

        Assert.True(binary.IsBinary);
        Assert.Equal(new byte[] { 1, 2, 255 }, binary.ValueBytes);
        Assert.Throws<InvalidOperationException>(() => { _ = binary.Value; });
        Assert.False(text.IsBinary);
        Assert.Equal(Encoding.ASCII.GetBytes("hello"), text.ValueBytes);
        Assert.Throws<ArgumentException>(() => new Metadata.Entry("trace-bin", "text"));
        Assert.Throws<ArgumentException>(() => new Metadata.Entry("trace", [1]));
    }

    [Fact]
    public void Value_bytes_are_copies_so_an_entry_cannot_be_changed_from_outside()
    {
        var bytes = new byte[] { 1, 2, 3 };
        var entry = new Metadata.Entry("k-bin", bytes);

        bytes[0] = 9;
        entry.ValueBytes[1] = 9;

        Assert.Equal(new byte[] { 1, 2, 3 }, entry.ValueBytes);
    }

    [Fact]
    public void Repeated_keys_keep_their_order_and_get_returns_the_last()
    {
        var metadata = new Metadata { { "k", "1" }, { "other", "x" }, { "k", "2" } };

        Assert.Equal(["1", "2"], metadata.GetAll("k").Select(e => e.Value));
        Assert.Equal("2", metadata.Get("k")!.Value);
        Assert.Null(metadata.Get("missing"));
    }

    [Fact]
    public void Empty_is_read_only()
    {
        Assert.True(Metadata.Empty.IsReadOnly);
        Assert.Throws<InvalidOperationException>(() => Metadata.Empty.Add("k", "v"));
        Assert.Empty(Metadata.Empty);
    }
}
